import { JOB_DEFINITIONS } from '../queue/jobs';
import type { JobName, QueueName } from '../queue/registry';
import type { Runtime } from '../runtime';

/**
 * Recurring jobs, read from their definitions (`schedule`), scheduled once per Redis (BullMQ job schedulers
 * dedupe across worker processes).
 */
export const SCHEDULES: readonly { name: JobName; queue: QueueName; everyMs: number }[] = JOB_DEFINITIONS.flatMap((d) =>
  'schedule' in d && d.schedule ? [{ name: d.name, queue: d.queue, everyMs: d.schedule.everyMs }] : [],
);

async function registerSchedules(rt: Pick<Runtime, 'queues'>): Promise<void> {
  for (const s of SCHEDULES) await rt.queues.get(s.queue).upsertJobScheduler(s.name, { every: s.everyMs }, { name: s.name, data: {} });
}

/**
 * Registers the recurring jobs, and again each time the command connection comes back. A scheduler
 * lives in Redis: a Redis that restarts without its data loses them all, the stale-job sweeper with
 * them, and the rows whose jobs went with the data would wait for the next worker restart. Upserting
 * is idempotent, so re-registering after an ordinary reconnect changes nothing. A new `every`
 * scheduler runs at once, so the first sweep follows Redis's return within a reconnect delay.
 * Returns the function that stops re-registering (on shutdown).
 */
export async function keepSchedulesRegistered(rt: Pick<Runtime, 'queues' | 'redis' | 'log'>): Promise<() => void> {
  await registerSchedules(rt);
  const onReady = () => {
    registerSchedules(rt).then(
      () => rt.log.info({ schedules: SCHEDULES.map((s) => s.name) }, 'recurring jobs registered again after a Redis reconnect'),
      // The connection dropped again; its next 'ready' tries again.
      (err: Error) => rt.log.warn({ err: { message: err.message } }, 'could not register recurring jobs after a Redis reconnect'),
    );
  };
  rt.redis.on('ready', onReady);
  return () => rt.redis.off('ready', onReady);
}
