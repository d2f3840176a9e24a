import { and, eq, getTableColumns, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client';
import { deploymentFiles, deploymentUploadBlobs, deploymentUploads, deployments, type DeploymentEnvironment } from '../schema';
import type { DeploymentRow } from './deployments';

/**
 * Of these contents, those the account already holds, with their sizes: charged to it by an earlier
 * publish (a site storage claim, which is only made once the blob is stored), or uploaded for another
 * of its deploys by digests. Only ever the account's own: another account's copy of the same bytes is
 * never counted, so the answer reveals nothing about what others store.
 */
export async function heldContents(db: DbOrTx, accountId: string, hashes: readonly string[]): Promise<Map<string, number>> {
  if (hashes.length === 0) return new Map();
  // Two probes by index, each one array parameter: the account's claims first (a redeploy finds nearly
  // all there), then only the rest among its uploads for deploys by digests.
  const claimed = await db.execute<{ object_id: string; bytes: string }>(sql`
    SELECT object_id, bytes::text AS bytes FROM storage_claims
    WHERE account_id = ${accountId} AND object_id = ANY(${sql.param(hashes.map((h) => `blob:${h}`))}::text[])`);
  const held = new Map(claimed.map((r) => [r.object_id.slice('blob:'.length), Number(r.bytes)]));
  const rest = hashes.filter((h) => !held.has(h));
  if (rest.length === 0) return held;
  const uploaded = await db.execute<{ hash: string; size: string }>(sql`
    SELECT DISTINCT ON (b.hash) b.hash, b.size::text AS size
    FROM deployment_upload_blobs b JOIN deployments d ON d.id = b.deployment_id
    WHERE b.hash = ANY(${sql.param(rest)}::text[]) AND b.size IS NOT NULL AND d.account_id = ${accountId}`);
  for (const r of uploaded) held.set(r.hash, Number(r.size));
  return held;
}

/**
 * Records a deploy by digests in one transaction: its row (`uploading`, or `pending` when nothing is
 * missing), its manifest, the contents it holds with their sizes, and a row per required content.
 */
export async function insertDigestDeployment(
  tx: Tx,
  row: { id: string; accountId: string; siteId: string; environment: DeploymentEnvironment; status: 'uploading' | 'pending' },
  files: Record<string, string>,
  held: ReadonlyMap<string, number>,
  required: readonly string[],
): Promise<DeploymentRow> {
  const [inserted] = await tx
    .insert(deployments)
    .values({ ...row, sourceUrl: null })
    .returning();
  let heldBytes = 0;
  for (const size of held.values()) heldBytes += size;
  await tx
    .insert(deploymentUploads)
    .values({ deploymentId: row.id, files, heldHashes: [...held.keys()], heldSizes: [...held.values()], heldBytes, missing: required.length });
  if (required.length > 0) {
    await tx.execute(sql`
      INSERT INTO deployment_upload_blobs (deployment_id, hash)
      SELECT ${row.id}, h FROM jsonb_array_elements_text(${JSON.stringify(required)}::jsonb) AS v(h)`);
  }
  return inserted!;
}

/** The size of a content the deploy held at creation; null when it did not. */
export async function heldContentSize(db: DbOrTx, deploymentId: string, hash: string): Promise<number | null> {
  const rows = await db.execute<{ size: string | null }>(sql`
    SELECT held_sizes[array_position(held_hashes, ${hash}::text)]::text AS size FROM deployment_uploads WHERE deployment_id = ${deploymentId}`);
  return rows[0]?.size == null ? null : Number(rows[0].size);
}

/**
 * The content's row in this deploy (undefined when the manifest does not name it; size null while
 * required), with the bytes of the distinct contents the deploy already has (held or uploaded), which
 * the total cap counts: one read for both on every upload.
 */
export async function findUploadBlob(db: DbOrTx, deploymentId: string, hash: string): Promise<{ size: number | null; knownBytes: number } | undefined> {
  const [row] = await db
    .select({ size: deploymentUploadBlobs.size, knownBytes: sql<string>`(${deploymentUploads.heldBytes} + ${deploymentUploads.receivedBytes})::text` })
    .from(deploymentUploadBlobs)
    .innerJoin(deploymentUploads, eq(deploymentUploads.deploymentId, deploymentUploadBlobs.deploymentId))
    .where(and(eq(deploymentUploadBlobs.deploymentId, deploymentId), eq(deploymentUploadBlobs.hash, hash)));
  return row && { size: row.size, knownBytes: Number(row.knownBytes) };
}

/** The size of a content in a built deployment's manifest (its upload rows are gone once published). */
export async function builtContentSize(db: DbOrTx, deploymentId: string, hash: string): Promise<number | null> {
  const [row] = await db
    .select({ size: deploymentFiles.size })
    .from(deploymentFiles)
    .where(and(eq(deploymentFiles.deploymentId, deploymentId), eq(deploymentFiles.hash, hash)))
    .limit(1);
  return row?.size ?? null;
}

/**
 * Records an uploaded content in one statement and answers how many are still missing. Only the upload
 * that flips the content's row from missing to received moves the counters (a retried or concurrent
 * upload of the same content changes nothing), so exactly one upload sees `missing` reach 0. The
 * deployment's row stays locked only until the caller's transaction ends, never across an upload.
 */
export async function markContentReceived(tx: Tx, deploymentId: string, hash: string, size: number): Promise<number> {
  const rows = await tx.execute<{ missing: number }>(sql`
    WITH flipped AS (
      UPDATE deployment_upload_blobs SET size = ${size}
      WHERE deployment_id = ${deploymentId} AND hash = ${hash} AND size IS NULL
      RETURNING size
    )
    UPDATE deployment_uploads SET
      missing = missing - (SELECT count(*) FROM flipped)::int,
      received_bytes = received_bytes + coalesce((SELECT sum(size) FROM flipped), 0),
      active_at = now()
    WHERE deployment_id = ${deploymentId}
    RETURNING missing`);
  return rows[0]?.missing ?? 0;
}

/** How many contents are still required (0 once the manifest is gone with the publish). */
export async function missingCount(db: DbOrTx, deploymentId: string): Promise<number> {
  const [row] = await db.select({ missing: deploymentUploads.missing }).from(deploymentUploads).where(eq(deploymentUploads.deploymentId, deploymentId));
  return row?.missing ?? 0;
}

/** The first `limit` contents still required, in hash order: read off the partial index of missing rows. */
export async function firstMissing(db: DbOrTx, deploymentId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ hash: deploymentUploadBlobs.hash })
    .from(deploymentUploadBlobs)
    .where(and(eq(deploymentUploadBlobs.deploymentId, deploymentId), isNull(deploymentUploadBlobs.size)))
    .orderBy(deploymentUploadBlobs.hash)
    .limit(limit);
  return rows.map((r) => r.hash);
}

/** `uploading` → `pending` (its build may start); null when it was not uploading. */
export async function finishUploading(tx: Tx, deploymentId: string): Promise<DeploymentRow | null> {
  const [row] = await tx
    .update(deployments)
    .set({ status: 'pending' })
    .where(and(eq(deployments.id, deploymentId), eq(deployments.status, 'uploading')))
    .returning();
  return row ?? null;
}

export interface DigestManifest {
  files: Record<string, string>;
  /** Each content's size; null for one never uploaded. */
  sizes: Map<string, number | null>;
}

/** A deploy by digests' manifest, or null when the deployment is not one (or its build already read it). */
export async function findDigestManifest(db: DbOrTx, deploymentId: string): Promise<DigestManifest | null> {
  const [upload] = await db
    .select({ files: deploymentUploads.files, heldHashes: deploymentUploads.heldHashes, heldSizes: deploymentUploads.heldSizes })
    .from(deploymentUploads)
    .where(eq(deploymentUploads.deploymentId, deploymentId));
  if (!upload) return null;
  const sizes = new Map<string, number | null>(upload.heldHashes.map((h, i) => [h, Number(upload.heldSizes[i])]));
  const blobs = await db
    .select({ hash: deploymentUploadBlobs.hash, size: deploymentUploadBlobs.size })
    .from(deploymentUploadBlobs)
    .where(eq(deploymentUploadBlobs.deploymentId, deploymentId));
  for (const b of blobs) sizes.set(b.hash, b.size);
  return { files: upload.files, sizes };
}

/** Once published, `deployment_files` holds the manifest and storage claims hold the contents: the upload rows go. */
export async function deleteDigestManifest(tx: DbOrTx, deploymentId: string): Promise<void> {
  await tx.delete(deploymentUploads).where(eq(deploymentUploads.deploymentId, deploymentId));
}

/**
 * Fails up to `limit` deploys by digests still `uploading` with no upload since `idleBefore`. Their
 * manifest stays a while (what was uploaded counts as held for the account's next deploy).
 */
export async function expireIdleUploads(db: DbOrTx, idleBefore: Date, error: string, limit = 500): Promise<DeploymentRow[]> {
  const idle = db
    .select({ id: deploymentUploads.deploymentId })
    .from(deploymentUploads)
    .innerJoin(deployments, eq(deployments.id, deploymentUploads.deploymentId))
    .where(and(eq(deployments.status, 'uploading'), lt(deploymentUploads.activeAt, idleBefore)))
    .limit(limit);
  return db
    .update(deployments)
    .set({ status: 'failed', error, finishedAt: new Date() })
    .where(and(eq(deployments.status, 'uploading'), inArray(deployments.id, idle)))
    .returning(getTableColumns(deployments));
}

/** Deletes the manifests of deploys by digests that ended (failed) before `before`; returns how many. */
export async function deleteEndedManifests(db: DbOrTx, before: Date, limit = 500): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    DELETE FROM deployment_uploads u WHERE u.deployment_id IN (
      SELECT u2.deployment_id FROM deployment_uploads u2 JOIN deployments d ON d.id = u2.deployment_id
      WHERE d.status NOT IN ('uploading', 'pending', 'building') AND d.finished_at < ${before.toISOString()}::timestamptz
      LIMIT ${limit}
    ) RETURNING u.deployment_id AS id`);
  return rows.length;
}
