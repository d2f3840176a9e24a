import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, gt, lt, or, sql } from 'drizzle-orm';
import type postgres from 'postgres';
import type { DbOrTx, Tx } from '../client';
import { deploymentFiles, deploymentLogs, deployments, liveDeployments, type DeploymentEnvironment, type DeploymentStatus } from '../schema';
import { type AuditEntry, auditValues } from './audit';
import { keysetPage, type Page, type PageRequest } from './keyset-page';

export type DeploymentRow = typeof deployments.$inferSelect;
export type DeploymentFileRow = typeof deploymentFiles.$inferSelect;

export type NewDeployment = {
  id: string;
  accountId: string;
  siteId: string;
  environment: DeploymentEnvironment;
  sourceUrl: string | null;
  /** Set when the archive was uploaded with the request (already stored under this key). */
  archiveKey?: string | null;
};

export async function insertDeployment(db: DbOrTx, row: NewDeployment): Promise<DeploymentRow> {
  const [inserted] = await db.insert(deployments).values(row).returning();
  return inserted!;
}

const DEPLOYMENT_COLUMNS = Object.entries(getTableColumns(deployments));

/** The columns an insert gives (NewDeployment's fields): the rest of a new row is each column's default, or null. */
const INSERTED_FIELDS = new Set<string>(['id', 'accountId', 'siteId', 'environment', 'sourceUrl', 'archiveKey']);
/** Only the columns Postgres fills in (defaults) come back: the rest is known already, and each returned column costs decoding. */
const DEFAULTED_COLUMNS = DEPLOYMENT_COLUMNS.filter(([field, column]) => column.hasDefault && !INSERTED_FIELDS.has(field));

/**
 * One text whatever the number of rows (the rows travel as one array per column), so postgres.js prepares it once
 * per connection: one round trip per batch, where drizzle's unprepared multi-row INSERT (a new text for
 * every batch size) costs a Describe round trip before each execution, and building it costs more CPU
 * than the rest of the batch. RETURNING lists the id and the defaulted columns, aliased to drizzle's field names.
 */
const INSERT_DEPLOYMENTS = `WITH inserted AS (INSERT INTO deployments (id, account_id, site_id, environment, source_url, archive_key)
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
RETURNING id, ${DEFAULTED_COLUMNS.map(([field, column]) => `"${column.name}" AS "${field}"`).join(', ')}),
audited AS (INSERT INTO audit_events (account_id, actor_kind, actor_id, actor_user_id, actor_key_prefix, actor, action, target, detail, ip)
SELECT account_id, actor_kind, actor_id, actor_user_id, actor_key_prefix, actor, action, target, detail::jsonb, ip
FROM unnest($7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[])
AS a(account_id, actor_kind, actor_id, actor_user_id, actor_key_prefix, actor, action, target, detail, ip))
SELECT * FROM inserted`;

/** A new row as drizzle would have returned it: the inserted values, the defaults decoded as drizzle does (timestamps → Date), null elsewhere. */
function newDeploymentRow(input: NewDeployment, returned: Record<string, unknown>): DeploymentRow {
  const row: Record<string, unknown> = {};
  for (const [field, column] of DEPLOYMENT_COLUMNS) {
    if (INSERTED_FIELDS.has(field)) {
      row[field] = (input as Record<string, unknown>)[field] ?? null;
    } else {
      const value = returned[field];
      row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
  }
  return row as DeploymentRow;
}

/**
 * Many deployments in one prepared statement; rows come back in the order given. `sql` is the postgres.js
 * client under the drizzle one (Database.sql), whose timestamps arrive as text for drizzle to decode.
 */
/**
 * Each row's audit entry (who asked for it; tests leave it out) is written by the same statement, so a deployment and its event
 * commit together or not at all.
 */
export async function insertDeployments(sql: postgres.Sql, rows: (NewDeployment & { audit?: AuditEntry })[]): Promise<DeploymentRow[]> {
  const audits = rows.flatMap((r) => (r.audit ? [auditValues(r.audit)] : []));
  const inserted = await sql.unsafe<Record<string, unknown>[]>(
    INSERT_DEPLOYMENTS,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.accountId),
      rows.map((r) => r.siteId),
      rows.map((r) => r.environment),
      rows.map((r) => r.sourceUrl),
      rows.map((r) => r.archiveKey ?? null),
      audits.map((a) => a.accountId),
      audits.map((a) => a.actorKind),
      audits.map((a) => a.actorId),
      audits.map((a) => a.actorUserId),
      audits.map((a) => a.actorKeyPrefix),
      audits.map((a) => a.actor),
      audits.map((a) => a.action),
      audits.map((a) => a.target),
      audits.map((a) => (a.detail === null ? null : JSON.stringify(a.detail))),
      audits.map((a) => a.ip),
    ],
    { prepare: true },
  );
  const byId = new Map(inserted.map((r) => [r.id as string, r]));
  return rows.map((r) => newDeploymentRow(r, byId.get(r.id)!));
}

export async function findDeployment(db: DbOrTx, id: string): Promise<DeploymentRow | null> {
  const [row] = await db.select().from(deployments).where(eq(deployments.id, id));
  return row ?? null;
}

export async function findAccountDeployment(db: DbOrTx, accountId: string, id: string): Promise<DeploymentRow | null> {
  const [row] = await db
    .select()
    .from(deployments)
    .where(and(eq(deployments.id, id), eq(deployments.accountId, accountId)));
  return row ?? null;
}

/**
 * Claims a pending (or interrupted) build; null when it already finished (a duplicate delivery). `started`
 * is true only for the attempt that moved it from `pending` (the one that reports `deployment.building`).
 */
export async function startBuild(db: DbOrTx, id: string): Promise<(DeploymentRow & { started: boolean }) | null> {
  const set = { status: 'building' as const, startedAt: new Date() };
  const [fresh] = await db
    .update(deployments)
    .set(set)
    .where(and(eq(deployments.id, id), eq(deployments.status, 'pending')))
    .returning();
  if (fresh) return { ...fresh, started: true };
  const [again] = await db
    .update(deployments)
    .set(set)
    .where(and(eq(deployments.id, id), eq(deployments.status, 'building')))
    .returning();
  return again ? { ...again, started: false } : null;
}

/**
 * A build that already went live is never failed: it only waits for its status (see markPublished). Returns
 * the failed row, or null when nothing changed (already finished, or gone).
 */
export async function failBuild(db: DbOrTx, id: string, error: string): Promise<DeploymentRow | null> {
  const [row] = await db
    .update(deployments)
    .set({ status: 'failed', error, finishedAt: new Date() })
    .where(and(eq(deployments.id, id), inArray(deployments.status, ['pending', 'building']), isNull(deployments.publishedAt)))
    .returning();
  return row ?? null;
}

export async function appendDeploymentLog(db: DbOrTx, deploymentId: string, message: string, level: 'info' | 'warn' | 'error' = 'info') {
  await db.insert(deploymentLogs).values({ deploymentId, message, level });
}

/** A deployment's log lines, oldest first; with `afterId`, only those after that line (a live log reads on from there). */
export async function deploymentLogLines(db: DbOrTx, deploymentId: string, afterId = 0, limit?: number) {
  const q = db
    .select({ id: deploymentLogs.id, at: deploymentLogs.at, level: deploymentLogs.level, message: deploymentLogs.message })
    .from(deploymentLogs)
    .where(and(eq(deploymentLogs.deploymentId, deploymentId), gt(deploymentLogs.id, afterId)))
    .orderBy(asc(deploymentLogs.id));
  return limit === undefined ? q : q.limit(limit);
}

/**
 * Holds the deployment's row until the transaction ends, so that actions on one deployment (a promote of a
 * preview) run one at a time and each sees what the one before it committed.
 */
export async function lockDeployment(tx: Tx, id: string): Promise<void> {
  await tx.select({ id: deployments.id }).from(deployments).where(eq(deployments.id, id)).for('update');
}

/** What the site serves in `environment` now, or null before its first publish there. */
export async function findLiveDeployment(db: DbOrTx, siteId: string, environment: DeploymentEnvironment): Promise<DeploymentRow | null> {
  const [row] = await db
    .select(getTableColumns(deployments))
    .from(liveDeployments)
    .innerJoin(deployments, eq(deployments.id, liveDeployments.deploymentId))
    .where(and(eq(liveDeployments.siteId, siteId), eq(liveDeployments.environment, environment)));
  return row ?? null;
}

/** The most recent deployment of the site that was ever published: what a redeploy without a source serves. */
export async function latestPublishedDeployment(db: DbOrTx, siteId: string): Promise<DeploymentRow | null> {
  const [row] = await db
    .select()
    .from(deployments)
    .where(and(eq(deployments.siteId, siteId), isNotNull(deployments.publishedAt)))
    .orderBy(desc(deployments.publishedAt))
    .limit(1);
  return row ?? null;
}

export async function deploymentManifest(db: DbOrTx, deploymentId: string): Promise<DeploymentFileRow[]> {
  return db.select().from(deploymentFiles).where(eq(deploymentFiles.deploymentId, deploymentId));
}

export async function insertManifest(tx: Tx, deploymentId: string, files: Omit<DeploymentFileRow, 'deploymentId'>[]) {
  if (files.length === 0) return;
  // One statement whatever the count, the columns as one JSON parameter: a driver's text[] parameters
  // cost ~3× more to encode and send for 10,000 rows, and drizzle's multi-row VALUES far more.
  const columns = JSON.stringify({ p: files.map((f) => f.path), h: files.map((f) => f.hash), s: files.map((f) => f.size), c: files.map((f) => f.contentType) });
  await tx.execute(sql`
    INSERT INTO ${deploymentFiles} (deployment_id, path, hash, size, content_type)
    SELECT ${deploymentId}, r.p, r.h, r.s::bigint, r.c FROM (SELECT ${columns}::jsonb AS j) AS x,
      ROWS FROM (jsonb_array_elements_text(j->'p'), jsonb_array_elements_text(j->'h'), jsonb_array_elements_text(j->'s'), jsonb_array_elements_text(j->'c')) AS r(p, h, s, c)
    ON CONFLICT DO NOTHING`);
}

/**
 * Records the build as servable (publishedAt) and, in the same transaction, makes it the live deployment
 * of its site and environment unless a newer deployment (created later) is already live there. Returns
 * whether it went live. The status stays `building` until the edges serve it (markPublished).
 */
export async function publishBuild(
  tx: Tx,
  d: DeploymentRow,
  stats: { fileCount: number; totalBytes: number; siteRules: DeploymentRow['siteRules'] },
): Promise<boolean> {
  await tx
    .update(deployments)
    .set({ publishedAt: new Date(), error: null, fileCount: stats.fileCount, totalBytes: stats.totalBytes, siteRules: stats.siteRules })
    .where(eq(deployments.id, d.id));
  // Lock the site's live row so two builds finishing together decide in turn.
  await tx.execute(sql`SELECT 1 FROM ${liveDeployments} WHERE site_id = ${d.siteId} AND environment = ${d.environment} FOR UPDATE`);
  const [current] = await tx
    .select({ deploymentId: liveDeployments.deploymentId, createdAt: deployments.createdAt })
    .from(liveDeployments)
    .innerJoin(deployments, eq(deployments.id, liveDeployments.deploymentId))
    .where(and(eq(liveDeployments.siteId, d.siteId), eq(liveDeployments.environment, d.environment)));
  if (current && current.createdAt > d.createdAt) return false;
  await setLiveDeployment(tx, d.siteId, d.environment, d.id);
  return true;
}

/**
 * `published` = completed, site live: set once the edges have loaded the build (publishBuild came first).
 * Returns the published row, or null when it already was (a repeated announcement changes nothing).
 */
export async function markPublished(db: DbOrTx, id: string): Promise<DeploymentRow | null> {
  const [row] = await db
    .update(deployments)
    .set({ status: 'published', finishedAt: new Date() })
    .where(and(eq(deployments.id, id), eq(deployments.status, 'building'), isNotNull(deployments.publishedAt)))
    .returning();
  return row ?? null;
}

/**
 * Switches what the site serves in `environment`. The deployment it replaces loses `rolled_back` (the status
 * of a deployment a rollback made live, and only while it is): it reads `published` again, a finished build
 * that is no longer live, its `rolled_back_at` kept as history. A deployment never reads `rolled_back`
 * while something else is live.
 */
export async function setLiveDeployment(tx: DbOrTx, siteId: string, environment: DeploymentEnvironment, deploymentId: string) {
  // Switches of one site take turns, and the update below reads the switch committed before it (a statement
  // of its own, so its snapshot starts after the lock): two rollbacks at once leave one `rolled_back`, the live one.
  await tx.execute(sql`SELECT 1 FROM ${liveDeployments} WHERE site_id = ${siteId} AND environment = ${environment} FOR UPDATE`);
  await tx.execute(sql`
    UPDATE ${deployments} SET status = 'published'
    WHERE status = 'rolled_back' AND id <> ${deploymentId}
      AND id = (SELECT deployment_id FROM ${liveDeployments} WHERE site_id = ${siteId} AND environment = ${environment})`);
  await tx
    .insert(liveDeployments)
    .values({ siteId, environment, deploymentId })
    .onConflictDoUpdate({ target: [liveDeployments.siteId, liveDeployments.environment], set: { deploymentId, updatedAt: new Date() } });
}

export async function markRolledBack(tx: DbOrTx, id: string, at: Date): Promise<DeploymentRow> {
  const [row] = await tx.update(deployments).set({ status: 'rolled_back', rolledBackAt: at }).where(eq(deployments.id, id)).returning();
  return row!;
}

/**
 * Which of these deployments are live: the one their site serves in their environment (the live table's
 * row), once the edges serve it (the same gate as `url`: published, not building). One query whatever the count.
 */
export async function liveAmong(db: DbOrTx, rows: readonly Pick<DeploymentRow, 'id' | 'siteId' | 'status' | 'publishedAt'>[]): Promise<Set<string>> {
  const candidates = rows.filter((d) => d.publishedAt && (d.status === 'published' || d.status === 'rolled_back'));
  if (candidates.length === 0) return new Set();
  const live = await db
    .select({ deploymentId: liveDeployments.deploymentId })
    .from(liveDeployments)
    .where(
      and(
        inArray(liveDeployments.siteId, [...new Set(candidates.map((d) => d.siteId))]),
        inArray(
          liveDeployments.deploymentId,
          candidates.map((d) => d.id),
        ),
      ),
    );
  return new Set(live.map((l) => l.deploymentId));
}

/** Whether this one deployment is live (liveAmong's rule). */
export async function isLive(db: DbOrTx, d: Pick<DeploymentRow, 'id' | 'siteId' | 'status' | 'publishedAt'>): Promise<boolean> {
  return (await liveAmong(db, [d])).has(d.id);
}

export async function allLiveDeployments(db: DbOrTx) {
  return db.select().from(liveDeployments);
}

/** Builds stuck in `pending` (their enqueue was lost) or `building` (their worker and job were lost). */
export async function findStaleBuilds(db: DbOrTx, pendingBefore: Date, buildingBefore: Date, limit: number) {
  return db
    .select({ id: deployments.id, accountId: deployments.accountId })
    .from(deployments)
    .where(
      or(
        and(eq(deployments.status, 'pending'), lt(deployments.createdAt, pendingBefore)),
        and(eq(deployments.status, 'building'), lt(deployments.startedAt, buildingBefore)),
      ),
    )
    .limit(limit);
}

/** The status and stored archive of each of these deployments that exists (by primary key). */
export async function deploymentArchiveStates(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: deployments.id, status: deployments.status, archiveKey: deployments.archiveKey })
    .from(deployments)
    .where(inArray(deployments.id, ids));
}

export interface DeploymentFilters {
  siteId?: string;
  environment?: DeploymentEnvironment;
  status?: DeploymentStatus;
}

/** GET /v1/hosting/deployments: the account's deployments, newest first, narrowed by the filters given. */
export async function listAccountDeployments(db: DbOrTx, accountId: string, filters: DeploymentFilters, page: PageRequest): Promise<Page<DeploymentRow>> {
  return keysetPage(deployments, page, ({ where, orderBy, limit }) =>
    db
      .select()
      .from(deployments)
      .where(
        and(
          eq(deployments.accountId, accountId),
          filters.siteId !== undefined ? eq(deployments.siteId, filters.siteId) : undefined,
          filters.environment !== undefined ? eq(deployments.environment, filters.environment) : undefined,
          filters.status !== undefined ? eq(deployments.status, filters.status) : undefined,
          where,
        ),
      )
      .orderBy(...orderBy)
      .limit(limit),
  );
}

/**
 * A production deployment serving a published preview's files (promote): a new row with the preview's
 * manifest copied (rows only: blobs are content-addressed and shared), made live for production in the
 * same transaction. Like a build that went live, it stays `building` until the edges serve it
 * (markPublished), so a crash in between is finished by the stale-build sweep.
 */
export async function insertPromotedDeployment(tx: Tx, preview: DeploymentRow, id: string): Promise<DeploymentRow> {
  const now = new Date();
  const [row] = await tx
    .insert(deployments)
    .values({
      id,
      accountId: preview.accountId,
      siteId: preview.siteId,
      environment: 'production',
      status: 'building',
      sourceUrl: preview.sourceUrl,
      promotedFrom: preview.id,
      // The preview's _redirects/_headers travel with its files: production must route as the preview did.
      siteRules: preview.siteRules,
      fileCount: preview.fileCount,
      totalBytes: preview.totalBytes,
      startedAt: now,
      publishedAt: now,
    })
    .returning();
  await tx.execute(sql`
    INSERT INTO ${deploymentFiles} (deployment_id, path, hash, size, content_type)
    SELECT ${id}, path, hash, size, content_type FROM ${deploymentFiles} WHERE deployment_id = ${preview.id}`);
  await setLiveDeployment(tx, preview.siteId, 'production', id);
  return row!;
}
