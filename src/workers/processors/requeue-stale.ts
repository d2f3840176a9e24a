import { findStaleJobs } from '../../db/queries/jobs';
import { JOB_DEFINITIONS } from '../../queue/jobs';
import type { JobDefinition } from '../../queue/jobs/define';
import { isRequestJobName, type JobName } from '../../queue/registry';
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

/** How many rows a sweep enqueued again: request rows (`jobs`), and each other kind's by job name. */
export type StaleWorkTaken = { jobs: number } & Partial<Record<JobName, number>>;

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
  const taken: StaleWorkTaken = { jobs: 0 };
  for (const row of await findStaleJobs(db, queuedBefore, runningBefore, BATCH)) {
    if (!isRequestJobName(row.kind)) continue;
    if (await enqueueUnlessAlive(queues, row.kind, { id: row.id }, row.id, now, { account: row.accountId })) taken.jobs++;
  }
  // Every other row-backed kind says how to find its lost work in its definition.
  for (const def of JOB_DEFINITIONS as readonly JobDefinition[]) {
    if (!def.findLost) continue;
    const name = def.name as JobName;
    for (const lost of await def.findLost(db, { queuedBefore, runningBefore, limit: BATCH, embedderId: ctx.rt.embedder.id })) {
      const payload = lost.payload as never;
      if (await enqueueUnlessAlive(queues, name, payload, lost.jobId, now, { account: lost.account, retryFailed: lost.retryFailed })) {
        taken[name] = (taken[name] ?? 0) + 1;
      }
    }
  }
  // Only what was added: rows whose jobs live are not news, and were logged every sweep before.
  if (Object.values(taken).some((n) => n > 0)) ctx.log.info(taken, 're-enqueued stale work');
  return taken;
}
