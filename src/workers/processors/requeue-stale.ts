import { findStaleBuilds } from '../../db/queries/deployments';
import { findStaleJobs } from '../../db/queries/jobs';
import { findUnindexedDocuments } from '../../db/queries/sentence-vectors';
import { findStaleClones } from '../../db/queries/voices';
import { isRequestJobName } from '../../queue/registry';
import type { JobRun } from '../../queue/job-run';

/**
 * Re-adding a job that still exists is a no-op, so the grace only spares rows whose enqueue is a moment
 * away. Short, because a row created just as an emptied Redis came back (its API process not yet
 * reconnected) is found by the first sweep after this grace: with sweeps every 30 s, a lost row is
 * re-enqueued within about 40 s of Redis's return.
 */
const QUEUED_GRACE_MS = 10_000;
const RUNNING_GRACE_MS = 15 * 60_000;
const BATCH = 500;

/**
 * Re-enqueues every row-backed job whose job was lost (an enqueue that failed while Redis was away, a
 * Redis that came back empty): request rows in `jobs` (text, image and speech generation, plagiarism
 * checks, file uploads and file chats), deployments, voice clones, and the sentence vectors of ingested
 * documents (`file.embed`, queued after the upload's commit). Safe to run anywhere, any number of
 * times: the row id is the BullMQ jobId, so a job that still exists is not added twice.
 */
export async function requeueStaleJobs(ctx: JobRun): Promise<void> {
  const now = Date.now();
  const stale = await findStaleJobs(ctx.rt.db, new Date(now - QUEUED_GRACE_MS), new Date(now - RUNNING_GRACE_MS), BATCH);
  for (const row of stale) {
    if (!isRequestJobName(row.kind)) continue;
    await ctx.rt.queues.enqueue(row.kind, { id: row.id }, { jobId: row.id, account: row.accountId });
  }
  const builds = await findStaleBuilds(ctx.rt.db, new Date(now - QUEUED_GRACE_MS), new Date(now - RUNNING_GRACE_MS), BATCH);
  for (const b of builds) await ctx.rt.queues.enqueue('deployment.build', { id: b.id }, { jobId: b.id, account: b.accountId });
  const clones = await findStaleClones(ctx.rt.db, new Date(now - QUEUED_GRACE_MS), new Date(now - RUNNING_GRACE_MS), BATCH);
  for (const c of clones) await ctx.rt.queues.enqueue('voice.clone', { id: c.id }, { jobId: c.id, account: c.accountId });
  const unindexed = await findUnindexedDocuments(ctx.rt.db, new Date(now - QUEUED_GRACE_MS), BATCH);
  for (const d of unindexed) await ctx.rt.queues.enqueue('file.embed', { documentId: d.id }, { jobId: `embed-${d.id}`, account: d.accountId });
  if (stale.length + builds.length + clones.length + unindexed.length > 0)
    ctx.log.info({ jobs: stale.length, builds: builds.length, clones: clones.length, documents: unindexed.length }, 're-enqueued stale work');
}
