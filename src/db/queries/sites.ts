import { eq } from 'drizzle-orm';
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
