import { and, eq, sql } from 'drizzle-orm';
import type { BillingPeriod } from '../../billing/period';
import type { DbOrTx } from '../client';
import { siteTraffic } from '../schema';

export interface SiteTrafficTotals {
  proxiedBytes: number;
}

/**
 * Adds one flush of an edge's proxied bytes (by site id) to the period's rows, in one statement. The
 * account comes from `sites` at write time: the edge knows sites only by id. A site no longer in `sites`
 * (deleted since) matches nothing and its bytes are dropped: there is no account left to show them to.
 * Returns the accounts whose rows changed, for the usage caches to forget.
 */
export async function addSiteTraffic(db: DbOrTx, periodKey: string, proxied: ReadonlyMap<string, number>): Promise<string[]> {
  if (proxied.size === 0) return [];
  const ids: string[] = [];
  const bytes: string[] = [];
  for (const [siteId, n] of proxied) {
    ids.push(siteId);
    bytes.push(String(n));
  }
  const rows = await db.execute<{ account_id: string }>(sql`
    INSERT INTO site_traffic (account_id, site_id, period_start, proxied_bytes)
    SELECT s.account_id, v.site_id, ${periodKey}::date, v.bytes
    FROM unnest(${sql.param(ids)}::text[], ${sql.param(bytes)}::bigint[]) AS v(site_id, bytes)
    JOIN sites s ON s.id = v.site_id
    ON CONFLICT (account_id, period_start, site_id)
    DO UPDATE SET proxied_bytes = site_traffic.proxied_bytes + excluded.proxied_bytes, updated_at = now()
    RETURNING account_id`);
  return [...new Set(rows.map((r) => r.account_id))];
}

/** Bytes proxied for all of the account's sites in the period. */
export async function accountTrafficThisPeriod(db: DbOrTx, accountId: string, period: Pick<BillingPeriod, 'key'>): Promise<SiteTrafficTotals> {
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(${siteTraffic.proxiedBytes})::text` })
    .from(siteTraffic)
    .where(and(eq(siteTraffic.accountId, accountId), eq(siteTraffic.periodStart, period.key)));
  return { proxiedBytes: Number(row?.bytes ?? 0) };
}

/** Bytes proxied for one of the account's sites in the period (0 for a site of another account). */
export async function siteTrafficThisPeriod(db: DbOrTx, accountId: string, siteId: string, period: Pick<BillingPeriod, 'key'>): Promise<SiteTrafficTotals> {
  const [row] = await db
    .select({ bytes: siteTraffic.proxiedBytes })
    .from(siteTraffic)
    .where(and(eq(siteTraffic.accountId, accountId), eq(siteTraffic.periodStart, period.key), eq(siteTraffic.siteId, siteId)));
  return { proxiedBytes: row?.bytes ?? 0 };
}
