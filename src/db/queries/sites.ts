import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { deployments, liveDeployments, sites, type DeploymentStatus } from '../schema';

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

/** A site as the dashboard lists it: what it serves and how its last deployment went. */
export interface SiteSummary {
  siteId: string;
  createdAt: Date;
  /** The deployment production serves, if any. */
  liveProductionId: string | null;
  latestId: string | null;
  latestStatus: DeploymentStatus | null;
  latestCreatedAt: Date | null;
  /** Deployments of the site, counted up to DEPLOYMENT_COUNT_CAP (more reads as "at least"). */
  deployments: number;
}

/**
 * Counting stops here: the figure is for people, and "1,000+" says as much as an exact count while
 * keeping a site with a long history as cheap to list as a new one. Measured on the bench's data (10,000
 * deployments over 4 sites, freshly loaded, so index-only scans still visit the table): counting every row
 * took the whole list query to ~52 ms (a table scan per site); with this cap, in index order, ~4 ms.
 */
export const DEPLOYMENT_COUNT_CAP = 1_000;

/**
 * The account's sites, most recent activity first (its latest deployment, or its creation), one page by
 * offset: sites are few per account and their order moves with every deploy, so a keyset cursor would
 * not hold a place any better. Each site's latest deployment and count are index lookups on
 * deployments_site_created_idx, done once per site in one statement (no query per row).
 */
export async function listAccountSites(
  db: DbOrTx,
  accountId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: SiteSummary[]; hasMore: boolean }> {
  const rows = await db.execute<{
    site_id: string;
    created_ms: number;
    live_production_id: string | null;
    latest_id: string | null;
    latest_status: DeploymentStatus | null;
    latest_created_ms: number | null;
    deployments: number;
  }>(sql`
    WITH page AS (
      SELECT s.id, s.created_at, latest.id AS latest_id, latest.status AS latest_status, latest.created_at AS latest_created_at
      FROM ${sites} s
      LEFT JOIN LATERAL (
        SELECT d.id, d.status, d.created_at FROM ${deployments} d
        WHERE d.site_id = s.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1
      ) latest ON true
      WHERE s.account_id = ${accountId}
      ORDER BY coalesce(latest.created_at, s.created_at) DESC, s.id
      LIMIT ${page.limit + 1} OFFSET ${page.offset}
    )
    SELECT p.id AS site_id, extract(epoch FROM p.created_at)::float8 * 1000 AS created_ms, live.deployment_id AS live_production_id, p.latest_id, p.latest_status,
      extract(epoch FROM p.latest_created_at)::float8 * 1000 AS latest_created_ms,
      (SELECT count(*)::int FROM (
        -- In index order, so the cap bounds an index range rather than a scan of the table per site.
        SELECT 1 FROM ${deployments} d WHERE d.site_id = p.id ORDER BY d.created_at DESC LIMIT ${DEPLOYMENT_COUNT_CAP}
      ) capped) AS deployments
    FROM page p
    LEFT JOIN ${liveDeployments} live ON live.site_id = p.id AND live.environment = 'production'
    ORDER BY coalesce(p.latest_created_at, p.created_at) DESC, p.id`);
  const summaries = rows.slice(0, page.limit).map((r) => ({
    siteId: r.site_id,
    createdAt: new Date(r.created_ms),
    liveProductionId: r.live_production_id,
    latestId: r.latest_id,
    latestStatus: r.latest_status,
    latestCreatedAt: r.latest_created_ms === null ? null : new Date(r.latest_created_ms),
    deployments: r.deployments,
  }));
  return { rows: summaries, hasMore: rows.length > page.limit };
}

/** One site of the account with what it serves in each environment; null when it is not the account's. */
export async function findAccountSite(db: DbOrTx, accountId: string, siteId: string) {
  // Both at once (one round trip of waiting); the live rows are only used when the site is the account's.
  const [[site], live] = await Promise.all([
    db
      .select()
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.accountId, accountId))),
    db
      .select({ environment: liveDeployments.environment, deploymentId: liveDeployments.deploymentId, updatedAt: liveDeployments.updatedAt })
      .from(liveDeployments)
      .where(eq(liveDeployments.siteId, siteId)),
  ]);
  if (!site) return null;
  return {
    ...site,
    liveProductionId: live.find((l) => l.environment === 'production')?.deploymentId ?? null,
    livePreviewId: live.find((l) => l.environment === 'preview')?.deploymentId ?? null,
  };
}
