import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Where an item sits in a newest-first list: `created_at` descending, ties broken by `id` descending. */
export interface ListPosition {
  createdAt: Date;
  id: string;
}

export interface PageRequest {
  limit: number;
  /** Items strictly after this one (older). */
  after?: ListPosition;
  /** Items strictly before this one (newer). */
  before?: ListPosition;
}

export interface Page<T> {
  rows: T[];
  hasMore: boolean;
}

interface Keyed {
  createdAt: PgColumn;
  id: PgColumn;
}

/**
 * Keyset paging over (created_at, id): a page is a range of that total order, so items added or removed
 * while a client pages never shift the rest (no duplicates, no gaps, unlike OFFSET). `run` applies the
 * given condition, order and limit to its own account-scoped query; one extra row says whether there is more.
 */
export async function keysetPage<T>(
  cols: Keyed,
  req: PageRequest,
  run: (q: { where: SQL | undefined; orderBy: SQL[]; limit: number }) => Promise<T[]>,
): Promise<Page<T>> {
  const at = (p: ListPosition) => sql`(${p.createdAt.toISOString()}::timestamptz, ${p.id}::text)`;
  const row = sql`(${cols.createdAt}, ${cols.id})`;
  if (req.before) {
    // Newer items: walk upwards from the cursor, then turn the page back to newest first.
    const rows = await run({ where: sql`${row} > ${at(req.before)}`, orderBy: [asc(cols.createdAt), asc(cols.id)], limit: req.limit + 1 });
    return { rows: rows.slice(0, req.limit).reverse(), hasMore: rows.length > req.limit };
  }
  const rows = await run({
    where: req.after ? sql`${row} < ${at(req.after)}` : undefined,
    orderBy: [desc(cols.createdAt), desc(cols.id)],
    limit: req.limit + 1,
  });
  return { rows: rows.slice(0, req.limit), hasMore: rows.length > req.limit };
}
