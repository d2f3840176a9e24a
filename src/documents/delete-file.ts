import { announceStorageChange, type UsageCache } from '../billing/usage-cache';
import type { Db, DbOrTx } from '../db/client';
import { deleteAccountDocument, type DocumentRow } from '../db/queries/documents';
import { releaseStorage } from '../db/queries/storage';
import type { Logger } from '../logger';
import type { RedisClient } from '../redis';
import type { BlobStore } from '../storage/blob-store';

export const FILE_ID_PATTERN = /^file_[a-z0-9]{1,64}$/;

/**
 * Deletes an uploaded file, for DELETE /v1/files/{id} and the dashboard alike: its rows and its storage
 * charge in one transaction (with `alongside`, e.g. the dashboard's audit), then the stored original.
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
  alongside?: (tx: DbOrTx, doc: DocumentRow) => Promise<void>,
): Promise<DocumentRow | null> {
  if (!FILE_ID_PATTERN.test(id)) return null;
  const doc = await deps.db.transaction(async (tx) => {
    const row = await deleteAccountDocument(tx, accountId, id);
    if (row) {
      await releaseStorage(tx, accountId, row.id);
      await alongside?.(tx, row);
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
