import { findStaleBuilds } from '../../db/queries/deployments';
import { findStaleJobs } from '../../db/queries/jobs';
import { findUnindexedDocuments } from '../../db/queries/sentence-vectors';
import { findStaleClones } from '../../db/queries/voices';
import { isRequestJobName } from '../../queue/registry';
import { enqueueUnlessAlive } from '../../queue/take-over';
import type { JobRun } from '../../queue/job-run';

/**
 * Spares rows whose enqueue is a moment away. Short, because a row created just as an emptied Redis came
 * back (its API process not yet reconnected) is found by the first sweep after this grace.
 */
const QUEUED_GRACE_MS = 10_000;
/**
 * A running row is only a candidate: it is taken over when its job is gone or ended, never while the job
 * lives (however long it runs). The grace spares the moment between a worker's claim and its job's
 * state, so with sweeps every 30 s a row whose job Redis lost is taken over within about 50 s.
 */
const RUNNING_GRACE_MS = 20_000;
const BATCH = 500;

/** How many rows of each kind a sweep enqueued again. */
export interface StaleWorkTaken {
  jobs: number;
  builds: number;
  clones: number;
  documents: number;
}

/**
 * Takes over every row-backed job whose job was lost (an enqueue that failed while Redis was away, a
 * Redis that came back empty, mid-run too) or ended without the row ending (its final database write was
 * lost): request rows in `jobs` (text, image and speech generation, plagiarism checks, file uploads and
 * file chats), deployments, voice clones, and the sentence vectors of ingested documents (`file.embed`,
 * queued after the upload's commit). `now` is the clock the graces are measured on. Safe to run anywhere, any number of times: the row id is the BullMQ
 * jobId, a live job is left alone, and an ended one is removed before its row's job is added again.
 */
export async function requeueStaleJobs(ctx: JobRun, _payload?: unknown, now = Date.now()): Promise<StaleWorkTaken> {
  const { db, queues } = ctx.rt;
  const queuedBefore = new Date(now - QUEUED_GRACE_MS);
  const runningBefore = new Date(now - RUNNING_GRACE_MS);
  const taken: StaleWorkTaken = { jobs: 0, builds: 0, clones: 0, documents: 0 };
  for (const row of await findStaleJobs(db, queuedBefore, runningBefore, BATCH)) {
    if (!isRequestJobName(row.kind)) continue;
    if (await enqueueUnlessAlive(queues, row.kind, { id: row.id }, row.id, now, { account: row.accountId })) taken.jobs++;
  }
  for (const b of await findStaleBuilds(db, queuedBefore, runningBefore, BATCH))
    if (await enqueueUnlessAlive(queues, 'deployment.build', { id: b.id }, b.id, now, { account: b.accountId })) taken.builds++;
  for (const c of await findStaleClones(db, queuedBefore, runningBefore, BATCH))
    if (await enqueueUnlessAlive(queues, 'voice.clone', { id: c.id }, c.id, now, { account: c.accountId })) taken.clones++;
  for (const d of await findUnindexedDocuments(db, queuedBefore, BATCH))
    if (await enqueueUnlessAlive(queues, 'file.embed', { documentId: d.id }, `embed-${d.id}`, now, { account: d.accountId, retryFailed: false }))
      taken.documents++;
  // Only what was added: rows whose jobs live are not news, and were logged every sweep before.
  if (taken.jobs + taken.builds + taken.clones + taken.documents > 0) ctx.log.info(taken, 're-enqueued stale work');
  return taken;
}
