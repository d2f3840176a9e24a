import type { Context } from 'hono';
import type { ListPosition, Page, PageRequest } from '../db/queries/keyset-page';
import type { DashEnv } from './context';

/** Rows per page of the dashboard's keyset-paged lists (voices, files). */
export const LIST_PAGE_SIZE = 25;

const CURSOR = /^[a-z]+_[A-Za-z0-9]{1,64}$/;

/**
 * The page a list URL asks for: `?after=<id>` (older than that row) or `?before=<id>` (newer). The id must
 * be a row of the signed-in account (`find` is account-scoped); null when it is not, so the caller answers
 * 404 as for any other resource it does not have.
 */
export async function readListPage(c: Context<DashEnv>, find: (id: string) => Promise<ListPosition | null>): Promise<PageRequest | null> {
  const after = c.req.query('after');
  const before = c.req.query('before');
  if (after !== undefined && before !== undefined) return null;
  const id = after ?? before;
  if (id === undefined) return { limit: LIST_PAGE_SIZE };
  const at = CURSOR.test(id) ? await find(id) : null;
  if (!at) return null;
  return after !== undefined ? { limit: LIST_PAGE_SIZE, after: at } : { limit: LIST_PAGE_SIZE, before: at };
}

/** Newer/older links for the page just read (see Pager). */
export function listPageLinks(base: string, req: PageRequest, page: Page<{ id: string }>): { newer: string | null; older: string | null } {
  const first = page.rows[0];
  const last = page.rows.at(-1);
  if (!first || !last) return { newer: req.after || req.before ? base : null, older: null };
  const newer = `${base}?before=${encodeURIComponent(first.id)}`;
  const older = `${base}?after=${encodeURIComponent(last.id)}`;
  if (req.before) return { newer: page.hasMore ? newer : null, older };
  return { newer: req.after ? newer : null, older: page.hasMore ? older : null };
}
