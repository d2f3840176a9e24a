import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { sites } from '../schema';

export type SiteClaim = 'owned' | 'taken';

export async function findSiteOwner(db: DbOrTx, siteId: string): Promise<string | null> {
  const [row] = await db.select({ accountId: sites.accountId }).from(sites).where(eq(sites.id, siteId));
  return row?.accountId ?? null;
}

/**
 * The account that owns `siteId`, creating the site for `accountId` on first use. Reads before it
 * writes: an upsert on every request would lock the site's row and queue every deployment of a busy
 * site behind the previous one's commit.
 */
export async function claimSiteOwner(db: DbOrTx, accountId: string, siteId: string): Promise<string> {
  const existing = await findSiteOwner(db, siteId);
  if (existing) return existing;
  await db.insert(sites).values({ id: siteId, accountId }).onConflictDoNothing();
  return (await findSiteOwner(db, siteId))!;
}

/** The account's site ids, alphabetically: the Domains form offers them (at most `limit`). */
export async function listAccountSiteIds(db: DbOrTx, accountId: string, limit = 500): Promise<string[]> {
  const rows = await db.select({ id: sites.id }).from(sites).where(eq(sites.accountId, accountId)).orderBy(asc(sites.id)).limit(limit);
  return rows.map((r) => r.id);
}
