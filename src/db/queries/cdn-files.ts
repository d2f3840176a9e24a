import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { cdnFiles } from '../schema';

export type NewCdnFile = typeof cdnFiles.$inferInsert;

export async function recordCdnFiles(db: DbOrTx, files: NewCdnFile[]): Promise<void> {
  if (files.length === 0) return;
  await db.insert(cdnFiles).values(files).onConflictDoNothing({ target: cdnFiles.storageKey });
}

export async function findExpiredCdnFiles(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ storageKey: cdnFiles.storageKey })
    .from(cdnFiles)
    .where(and(isNull(cdnFiles.deletedAt), lte(cdnFiles.expiresAt, now)))
    .orderBy(asc(cdnFiles.expiresAt))
    .limit(limit);
}

export async function markCdnFilesDeleted(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.update(cdnFiles).set({ deletedAt: new Date() }).where(inArray(cdnFiles.storageKey, keys));
}
