import { deploymentArchiveStates } from '../db/queries/deployments';
import type { DeploymentStatus } from '../db/schema';
import type { JobRun } from '../queue/job-run';
import { UPLOADED_ARCHIVES_PREFIX } from './blob-keys';

/**
 * An upload is stored before its row is written; the row normally follows within a second. An hour is
 * far past any such gap (a slow commit, a batch waiting on the pool), so a younger archive is never
 * taken from a request still on its way.
 */
export const ORPHAN_AFTER_MS = 3_600_000;
const BATCH = 500;

/** A build reads its archive while pending or building (every attempt afresh); after that, never again. */
const NEEDS_ARCHIVE: ReadonlySet<DeploymentStatus> = new Set(['pending', 'building']);

/**
 * Which of these stored uploads can go: those no deployment row names as its `archive_key` (the process
 * died between storing and writing the row, or the row was refused), and those of builds that have
 * ended (published, failed or rolled back: the build's own clean-up did not happen). Pure, for the test.
 */
export function archivesToDelete(keys: readonly string[], rows: readonly { id: string; status: DeploymentStatus; archiveKey: string | null }[]): string[] {
  const byKey = new Map(rows.filter((r) => r.archiveKey !== null).map((r) => [r.archiveKey!, r.status]));
  return keys.filter((key) => {
    const status = byKey.get(key);
    return status === undefined || !NEEDS_ARCHIVE.has(status);
  });
}

/** The deployment id an upload key was made from (`deployments/uploads/{id}`); null for anything else. */
function deploymentIdOf(key: string): string | null {
  const rest = key.slice(UPLOADED_ARCHIVES_PREFIX.length);
  return rest.length > 0 && !rest.includes('/') ? rest : null;
}

/**
 * `deployments.sweep-uploads` (hourly): deletes uploaded archives older than an hour that no build will
 * read. Lists the uploads folder once, checks them against their rows 500 at a time.
 */
export async function sweepUploadedArchives(ctx: JobRun, _payload?: unknown, now = Date.now()): Promise<{ deleted: number; kept: number }> {
  const { rt } = ctx;
  let deleted = 0;
  let kept = 0;
  const check = async (keys: string[]) => {
    const ids = keys.map(deploymentIdOf).filter((id): id is string => id !== null);
    const doomed = archivesToDelete(keys, await deploymentArchiveStates(rt.db, ids));
    for (const key of doomed) await rt.store.delete(key);
    deleted += doomed.length;
    kept += keys.length - doomed.length;
  };
  let batch: string[] = [];
  for await (const blob of rt.store.list(UPLOADED_ARCHIVES_PREFIX)) {
    if (now - blob.modifiedAt.getTime() < ORPHAN_AFTER_MS) continue;
    batch.push(blob.key);
    if (batch.length >= BATCH) {
      await check(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await check(batch);
  if (deleted > 0) ctx.log.info({ deleted, kept }, 'uploaded archives no build will read deleted');
  return { deleted, kept };
}
