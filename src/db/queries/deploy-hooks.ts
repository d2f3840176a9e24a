import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { deployHooks, sites, type DeploymentEnvironment } from '../schema';

export type DeployHookRow = typeof deployHooks.$inferSelect;

export async function insertDeployHook(
  db: DbOrTx,
  row: { id: string; accountId: string; siteId: string; name: string | null; environment: DeploymentEnvironment; secretHash: string },
): Promise<DeployHookRow> {
  const [inserted] = await db.insert(deployHooks).values(row).returning();
  return inserted!;
}

/** Whether the site exists and is the account's (hooks are made for sites that exist; none is created). */
export async function isAccountSite(db: DbOrTx, accountId: string, siteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.accountId, accountId)));
  return row !== undefined;
}

export async function countSiteDeployHooks(db: DbOrTx, siteId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(deployHooks).where(eq(deployHooks.siteId, siteId));
  return row?.n ?? 0;
}

/** A site's hooks, oldest first (the order they were made in). */
export async function listSiteDeployHooks(db: DbOrTx, accountId: string, siteId: string): Promise<DeployHookRow[]> {
  return db
    .select()
    .from(deployHooks)
    .where(and(eq(deployHooks.accountId, accountId), eq(deployHooks.siteId, siteId)))
    .orderBy(asc(deployHooks.createdAt), asc(deployHooks.id));
}

export async function deleteDeployHook(db: DbOrTx, accountId: string, siteId: string, hookId: string): Promise<DeployHookRow | null> {
  const [row] = await db
    .delete(deployHooks)
    .where(and(eq(deployHooks.id, hookId), eq(deployHooks.accountId, accountId), eq(deployHooks.siteId, siteId)))
    .returning();
  return row ?? null;
}

/** By id alone: the caller of a hook has no API key; the secret in its URL is checked against the hash. */
export async function findDeployHook(db: DbOrTx, hookId: string): Promise<DeployHookRow | null> {
  const [row] = await db.select().from(deployHooks).where(eq(deployHooks.id, hookId));
  return row ?? null;
}

export async function markDeployHookTriggered(db: DbOrTx, hookId: string, at: Date): Promise<void> {
  await db.update(deployHooks).set({ lastTriggeredAt: at }).where(eq(deployHooks.id, hookId));
}
