import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client';
import { accountStorage, type StorageKind } from '../schema';

/** What an account stores now: uploaded files and hosted sites' distinct file contents, in bytes. */
export interface StoredBytes {
  fileBytes: number;
  siteBytes: number;
}

export async function getStoredBytes(db: DbOrTx, accountId: string): Promise<StoredBytes> {
  const [row] = await db
    .select({ fileBytes: accountStorage.fileBytes, siteBytes: accountStorage.siteBytes })
    .from(accountStorage)
    .where(eq(accountStorage.accountId, accountId));
  return { fileBytes: Number(row?.fileBytes ?? 0), siteBytes: Number(row?.siteBytes ?? 0) };
}

const COUNTER = { file: sql.raw('file_bytes'), site: sql.raw('site_bytes') } satisfies Record<StorageKind, unknown>;

/** The refusal of a claim: what the account stored when it did not fit. */
export interface StorageRefusal {
  used: number;
  /** The bytes the refused claims asked for (only the ones not already charged). */
  requested: number;
}

/**
 * Charges the account for `claims` (each an object id and its bytes) if everything it stores plus the new
 * ones fits `allowance`; else charges nothing and returns what it stored. Objects already charged cost
 * nothing again (their claim rows exist), so retries and shared site contents count once. The counter row's
 * conditional update is where concurrent uploads queue: together they never pass the allowance. Must run in
 * a transaction, as the claims are written before the counter may refuse (the caller then rolls back).
 */
export async function claimStorage(
  tx: Tx,
  accountId: string,
  kind: StorageKind,
  claims: readonly { objectId: string; bytes: number }[],
  allowance: number,
): Promise<StorageRefusal | null> {
  if (claims.length === 0) return null;
  // The columns as one JSON parameter: cheaper to encode and send than text[] ones for a 10,000-file site.
  const columns = JSON.stringify({ o: claims.map((c) => c.objectId), b: claims.map((c) => c.bytes) });
  const inserted = await tx.execute<{ bytes: string | null }>(sql`
    WITH ins AS (
      INSERT INTO storage_claims (account_id, object_id, kind, bytes)
      SELECT ${accountId}, v.o, ${kind}, v.b::bigint FROM (SELECT ${columns}::jsonb AS j) AS x,
        ROWS FROM (jsonb_array_elements_text(j->'o'), jsonb_array_elements_text(j->'b')) AS v(o, b)
      ON CONFLICT (account_id, object_id) DO NOTHING
      RETURNING bytes
    ) SELECT sum(bytes)::text AS bytes FROM ins`);
  const requested = Number(inserted[0]?.bytes ?? 0);
  if (requested === 0) return null;
  const counter = COUNTER[kind];
  const admitted = await tx.execute(sql`
    INSERT INTO account_storage (account_id, ${counter}) SELECT ${accountId}, ${requested}::bigint WHERE ${requested}::bigint <= ${allowance}::bigint
    ON CONFLICT (account_id) DO UPDATE SET ${counter} = account_storage.${counter} + ${requested}::bigint
    WHERE account_storage.file_bytes + account_storage.site_bytes + ${requested}::bigint <= ${allowance}::bigint
    RETURNING 1`);
  if (admitted.length > 0) return null;
  const stored = await getStoredBytes(tx, accountId);
  return { used: stored.fileBytes + stored.siteBytes, requested };
}

/** Releases the claim on `objectId`, if any: a second release (a delete retried) frees nothing. Returns the bytes freed. */
export async function releaseStorage(tx: Tx, accountId: string, objectId: string): Promise<number> {
  const rows = await tx.execute<{ bytes: string }>(sql`
    WITH c AS (DELETE FROM storage_claims WHERE account_id = ${accountId} AND object_id = ${objectId} RETURNING kind, bytes)
    UPDATE account_storage s SET
      file_bytes = s.file_bytes - coalesce((SELECT sum(bytes) FROM c WHERE kind = 'file'), 0),
      site_bytes = s.site_bytes - coalesce((SELECT sum(bytes) FROM c WHERE kind = 'site'), 0)
    FROM (SELECT sum(bytes) AS bytes FROM c) freed
    WHERE s.account_id = ${accountId} AND freed.bytes IS NOT NULL
    RETURNING freed.bytes::text AS bytes`);
  return Number(rows[0]?.bytes ?? 0);
}

/**
 * Releases up to `limit` file charges made before `before` whose file is neither kept (no document row, no
 * plagiarism source: those are charged as files too, in the transaction that writes them) nor still being parsed (no queued or running job row): an upload whose process died between the
 * charge and its job row. Returns the accounts whose storage changed.
 */
export async function releaseOrphanFileClaims(db: DbOrTx, before: Date, limit = 500): Promise<string[]> {
  const rows = await db.execute<{ account_id: string }>(sql`
    WITH orphan AS (
      SELECT c.account_id, c.object_id FROM storage_claims c
      WHERE c.kind = 'file' AND c.created_at < ${before.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = c.object_id)
        AND NOT EXISTS (SELECT 1 FROM corpus_documents s WHERE s.id = c.object_id)
        AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = c.object_id AND j.status IN ('queued', 'running'))
      LIMIT ${limit} FOR UPDATE OF c SKIP LOCKED
    ), freed AS (
      DELETE FROM storage_claims c USING orphan o WHERE c.account_id = o.account_id AND c.object_id = o.object_id
      RETURNING c.account_id, c.bytes
    )
    UPDATE account_storage s SET file_bytes = s.file_bytes - f.bytes
    FROM (SELECT account_id, sum(bytes) AS bytes FROM freed GROUP BY account_id) f
    WHERE s.account_id = f.account_id
    RETURNING s.account_id`);
  return rows.map((r) => r.account_id);
}
