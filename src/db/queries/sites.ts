import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { sites } from '../schema';

export type SiteClaim = 'owned' | 'taken';

/**
 * Creates the site on first use by an account, or confirms the account owns it. A site another
 * account uses is `taken` (answered as not found, revealing nothing).
 */
export async function claimSite(db: DbOrTx, accountId: string, siteId: string): Promise<SiteClaim> {
  const [row] = await db
    .insert(sites)
    .values({ id: siteId, accountId })
    .onConflictDoUpdate({ target: sites.id, set: { id: sql`${sites.id}` } })
    .returning({ accountId: sites.accountId });
  return row!.accountId === accountId ? 'owned' : 'taken';
}

export async function findSiteOwner(db: DbOrTx, siteId: string): Promise<string | null> {
  const [row] = await db.select({ accountId: sites.accountId }).from(sites).where(eq(sites.id, siteId));
  return row?.accountId ?? null;
}
