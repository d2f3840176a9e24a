import { and, asc, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import { certificates, domains, liveDeployments, routingChanges } from '../schema';
import type { DbOrTx } from '../client';

/** The changes past `afterId`, oldest first, at most `limit`. */
export async function routingChangesAfter(db: DbOrTx, afterId: number, limit: number) {
  return db
    .select({ id: routingChanges.id, kind: routingChanges.kind, key: routingChanges.key })
    .from(routingChanges)
    .where(gt(routingChanges.id, afterId))
    .orderBy(asc(routingChanges.id))
    .limit(limit);
}

/** The ids in (fromId, toId]: a full reload looks for ids still missing there (transactions not yet committed). */
export async function routingChangeIdsBetween(db: DbOrTx, fromId: number, toId: number) {
  const rows = await db
    .select({ id: routingChanges.id })
    .from(routingChanges)
    .where(and(gt(routingChanges.id, fromId), sql`${routingChanges.id} <= ${toId}`));
  return rows.map((r) => r.id);
}

export async function lastRoutingChangeId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: max(routingChanges.id) }).from(routingChanges);
  return Number(row?.id ?? 0);
}

export async function pruneRoutingChanges(db: DbOrTx, before: Date) {
  await db.delete(routingChanges).where(lt(routingChanges.createdAt, before));
}

export async function productionLiveDeploymentsOf(db: DbOrTx, siteIds: string[]) {
  return db
    .select({ siteId: liveDeployments.siteId, deploymentId: liveDeployments.deploymentId })
    .from(liveDeployments)
    .where(and(eq(liveDeployments.environment, 'production'), inArray(liveDeployments.siteId, siteIds)));
}

export async function verifiedDomainsNamed(db: DbOrTx, names: string[]) {
  return db
    .select({ domain: domains.domain, siteId: domains.siteId, ssl: domains.ssl, pairedWith: domains.pairedWith, redirects: domains.redirects })
    .from(domains)
    .where(and(eq(domains.status, 'verified'), inArray(domains.domain, names)));
}

export async function certificatesFor(db: DbOrTx, hostnames: string[]) {
  return db.select().from(certificates).where(inArray(certificates.hostname, hostnames));
}
