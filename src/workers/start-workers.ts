import { Worker } from 'bullmq';
import { QUEUE_CONFIGS, QUEUE_NAMES, type QueueName } from '../queue/registry';
import { providerBackoff } from '../queue/retry-backoff';
import { createRedis } from '../redis';
import { waitForRedis, type Runtime } from '../runtime';
import { createProcessor } from './base-processor';
import { keepSchedulesRegistered } from './schedules';
import { recordStalledFailure } from './stalled-failure';
import { WebhookRelay } from '../webhooks/relay';
import { listenForJobCancels } from '../queue/job-cancel';

export interface WorkerSet {
  queues: QueueName[];
  /** Stops taking jobs, lets running ones finish for up to `timeoutMs`, then hands the rest back. */
  close(timeoutMs: number): Promise<void>;
}

/** `WORKER_QUEUES=image,maintenance` → those queues; empty → all. Unknown names are a start-up error. */
export function selectQueues(spec: string): QueueName[] {
  const names = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) return [...QUEUE_NAMES];
  const unknown = names.filter((n) => !(QUEUE_NAMES as string[]).includes(n));
  if (unknown.length) throw new Error(`WORKER_QUEUES names unknown queues: ${unknown.join(', ')} (known: ${QUEUE_NAMES.join(', ')})`);
  return names as QueueName[];
}

export async function startWorkers(rt: Runtime, opts: { queues?: QueueName[] } = {}): Promise<WorkerSet> {
  const queues = opts.queues ?? selectQueues(rt.config.WORKER_QUEUES);
  // The scheduler below goes through the fail-fast command connection, which must be open first.
  await waitForRedis(rt.redis);
  const processor = createProcessor(rt);
  const connections = queues.map(() => createRedis(rt.config, 'worker'));
  const workers = queues.map((name, i) => {
    const cfg = QUEUE_CONFIGS[name];
    const worker = new Worker(name, processor, {
      connection: connections[i]!,
      prefix: rt.queues.prefixOf(name),
      concurrency: rt.config.WORKER_CONCURRENCY[name] ?? cfg.concurrency,
      lockDuration: rt.config.QUEUE_LOCK_DURATION_MS ?? cfg.lockDurationMs,
      stalledInterval: rt.config.QUEUE_STALLED_INTERVAL_MS ?? cfg.stalledIntervalMs,
      maxStalledCount: cfg.maxStalledCount,
      // Exponential, but no sooner than a provider's retry-after asked (queue-settings.ts names it per queue).
      settings: { backoffStrategy: providerBackoff },
    });
    worker.on('error', (err) => rt.log.error({ err: { message: err.message }, queue: name }, 'worker error'));
    worker.on('failed', (job) => {
      if (job?.deferredFailure)
        recordStalledFailure(rt, job).catch((err: Error) =>
          rt.log.error({ err: { message: err.message }, jobId: job.id }, 'could not record a stalled job as failed'),
        );
    });
    return worker;
  });
  const stopSchedules = queues.includes('maintenance') ? await keepSchedulesRegistered(rt) : () => {};
  // A cancel (a streaming client gone, POST /v1/jobs/{id}/cancel) reaches the job on whichever worker runs it.
  let stopCancels: () => Promise<void> = async () => {};
  if (queues.includes('text')) {
    await waitForRedis(rt.subscriber);
    stopCancels = await listenForJobCancels(rt.subscriber, rt.redis, rt.keys, rt.channels.jobCancel, workers, rt.log.child({ component: 'job-cancel' }));
  }
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  // The webhook outbox relay runs where deliveries are worked (see src/webhooks/relay.ts).
  let relay: WebhookRelay | null = null;
  if (queues.includes('webhooks') && rt.config.WEBHOOK_RELAY) {
    await waitForRedis(rt.subscriber);
    relay = new WebhookRelay(rt, rt.log.child({ component: 'webhook-relay' }), rt.config.WEBHOOK_RELAY_POLL_MS);
    await relay.start();
  }
  rt.log.info({ queues }, 'workers started');
  return {
    queues,
    async close(timeoutMs) {
      stopSchedules();
      await stopCancels();
      await relay?.stop();
      const graceful = Promise.all(workers.map((w) => w.close()));
      const timedOut = await Promise.race([graceful.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), timeoutMs).unref())]);
      // Force-closing releases the locks' renewals; the jobs stall and another worker takes them. A
      // forced close still waits for running processors, so the engine threads they wait on are ended
      // first: their tasks fail (retryably) and the processors return at once.
      if (timedOut) {
        rt.log.warn({ timeoutMs }, 'jobs still running at shutdown; handing them back');
        await rt.threads.close();
        await Promise.all(workers.map((w) => w.close(true)));
      }
      for (const c of connections) c.disconnect();
    },
  };
}
