import type { Actor } from '../audit/actor';
import { recordAudit } from '../db/queries/audit';
import { announceStorageChange, type UsageCache } from '../billing/usage-cache';
import type { Db } from '../db/client';
import { deleteAccountDocument, type DocumentRow } from '../db/queries/documents';
import { releaseStorage } from '../db/queries/storage';
import type { Logger } from '../logger';
import type { RedisClient } from '../redis';
import type { BlobStore } from '../storage/blob-store';

export const FILE_ID_PATTERN = /^file_[a-z0-9]{1,64}$/;

/**
 * Deletes an uploaded file, for DELETE /v1/files/{id} and the dashboard alike: its rows and its storage
 * charge and its audit event (naming `actor`) in one transaction, then the stored original.
 * Null when the account has no such file (a malformed id included).
 */
export async function deleteUploadedFile(
  deps: {
    db: Db;
    store: Pick<BlobStore, 'delete'>;
    log: Pick<Logger, 'error'>;
    usage: UsageCache;
    redis: RedisClient;
    channels: { usageChanged: string };
  },
  accountId: string,
  id: string,
  actor: Actor,
): Promise<DocumentRow | null> {
  if (!FILE_ID_PATTERN.test(id)) return null;
  const doc = await deps.db.transaction(async (tx) => {
    const row = await deleteAccountDocument(tx, accountId, id);
    if (row) {
      await releaseStorage(tx, accountId, row.id);
      await recordAudit(tx, { accountId, actor, action: 'file.deleted', target: row.id, detail: { filename: row.filename, size_bytes: row.sizeBytes } });
    }
    return row;
  });
  if (!doc) return null;
  await announceStorageChange(deps, accountId);
  // The rows are gone, so the file is gone for the caller; a blob that fails to go is only wasted space.
  await deps.store
    .delete(doc.blobKey)
    .catch((err: Error) => deps.log.error({ err: { message: err.message }, blobKey: doc.blobKey }, 'could not delete a deleted file’s blob'));
  return doc;
}
