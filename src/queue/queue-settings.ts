import type { JobsOptions } from 'bullmq';
import { PROVIDER_BACKOFF } from './retry-backoff';

/** Everything that tunes one queue (retries, retention, locks, parallelism). */
export interface QueueConfig {
  defaultJobOptions: JobsOptions;
  /**
   * Chosen from how long a crashed worker's job may wait before another worker takes it (target: 60 s).
   * A running job's lock is renewed every `lockDurationMs / 2`, so the length never limits how long a
   * job may run; it only bounds how long a dead worker's lock outlives it, and how long the main thread
   * may be busy (`lockDurationMs / 2`) before a live job's lock lapses. Every `stalledIntervalMs` one
   * worker marks the active jobs, and moves back to waiting those already marked whose lock has gone, so
   * a crashed job is taken over at most `lockDurationMs + stalledIntervalMs` after the crash while
   * another worker of the queue runs (with none left: `stalledIntervalMs` after a fresh worker starts,
   * or after the lock lapses, whichever is later).
   */
  lockDurationMs: number;
  stalledIntervalMs: number;
  /** Takeovers before the job fails instead (a job that crashes every worker it lands on). */
  maxStalledCount: number;
  /** Jobs run at once per worker process unless WORKER_CONCURRENCY says otherwise. */
  concurrency: number;
}

/**
 * What every queue gets unless its row below says otherwise: three tries a second apart and more (longer when
 * a provider's `retry-after` asks for it: src/queue/retry-backoff.ts), kept an hour when done and a week when failed.
 */
const DEFAULTS: QueueConfig = {
  defaultJobOptions: {
    attempts: 3,
    backoff: { type: PROVIDER_BACKOFF, delay: 1_000 },
    removeOnComplete: { age: 3_600, count: 5_000 },
    removeOnFail: { age: 7 * 86_400 },
  },
  lockDurationMs: 30_000,
  stalledIntervalMs: 15_000,
  maxStalledCount: 2,
  concurrency: 2,
};

/** CPU-heavy work: the lock is renewed every 20 s, so a main thread busy for up to 20 s keeps it; takeover <= 60 s. */
const CPU_HEAVY_LOCK = { lockDurationMs: 40_000, stalledIntervalMs: 20_000 };
/** A flaky remote (a sample host, storage) gets two more tries two seconds apart and more. */
const SLOWER_RETRIES = { backoff: { type: PROVIDER_BACKOFF, delay: 2_000 } };

interface Override extends Partial<Omit<QueueConfig, 'defaultJobOptions'>> {
  defaultJobOptions?: JobsOptions;
}

/** Each queue as it differs from DEFAULTS, with why. */
const OVERRIDES = {
  /** Text generation and plagiarism checks: short CPU work answered synchronously, so few retries and a short lock. */
  text: {},
  /**
   * Corpus indexing: batches of documents fingerprinted and written in one transaction each. A queue of its
   * own, so a bulk import of tens of thousands of documents never delays a plagiarism check.
   */
  corpus: { defaultJobOptions: { ...SLOWER_RETRIES, removeOnComplete: { age: 3_600, count: 1_000 } }, ...CPU_HEAVY_LOCK, concurrency: 1 },
  /** Image generation: as text. */
  image: {},
  /**
   * Speech synthesis and voice cloning: CPU-bound (WASM synthesis, pitch analysis), so one job per core; a
   * 20,000-word text runs for minutes while the lock is renewed. Unusable samples and texts fail at once.
   */
  voice: { defaultJobOptions: SLOWER_RETRIES, ...CPU_HEAVY_LOCK },
  /**
   * Document ingestion: parsing a 20 MB PDF holds the whole file and pdf.js's state in memory, so one upload at
   * a time per worker keeps its peak bounded. A file that cannot be parsed fails at once (422, permanent).
   */
  files: { defaultJobOptions: SLOWER_RETRIES, ...CPU_HEAVY_LOCK, concurrency: 1 },
  /**
   * Sentence vectors for an ingested document (`file.embed`): minutes of CPU for a long document, so a queue of
   * its own. The job writes batch by batch and skips what is written, so a retry or a takeover resumes.
   */
  meaning: { defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 5_000 } }, ...CPU_HEAVY_LOCK, maxStalledCount: 3, concurrency: 1 },
  /**
   * Site builds: download, extract, store. Refusals (bad archive, refused address) are final at once. A large
   * archive takes minutes while the lock is renewed; a crashed worker's build is taken over within 45 s.
   */
  deploy: { defaultJobOptions: { ...SLOWER_RETRIES, removeOnComplete: { age: 86_400, count: 10_000 } } },
  /** DNS checks and certificate issuance: short network jobs, many waiting on delays. */
  domains: {
    defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 30_000 }, removeOnComplete: { age: 86_400, count: 10_000 } },
    concurrency: 4,
  },
  /** Recurring sweeps: one at a time, few kept. */
  maintenance: {
    defaultJobOptions: { attempts: 2, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: { count: 100 }, removeOnFail: { count: 500 } },
    maxStalledCount: 1,
    concurrency: 1,
  },
  /**
   * Webhook deliveries: one short POST each (at most WEBHOOK_TIMEOUT_MS plus two statements), waiting on the
   * network, so many at once. A receiver that fails is not a job failure: the processor records the attempt
   * and queues the next on the webhook schedule; BullMQ's retries only cover our side failing. Finished jobs
   * are kept an hour so that a relay repeating a fan-out adds nothing (same jobId). Connections per endpoint
   * are capped apart from this (SOCKETS_PER_ENDPOINT in src/webhooks/deliver.ts).
   */
  webhooks: { defaultJobOptions: { attempts: 5, removeOnComplete: { age: 3_600, count: 100_000 } }, concurrency: 200 },
} as const satisfies Record<string, Override>;

function withDefaults(override: Override): QueueConfig {
  return { ...DEFAULTS, ...override, defaultJobOptions: { ...DEFAULTS.defaultJobOptions, ...override.defaultJobOptions } };
}

/** Every queue with its settings: the table above over the defaults. */
export const QUEUE_CONFIGS = Object.fromEntries(Object.entries(OVERRIDES).map(([name, o]) => [name, withDefaults(o)])) as {
  [Q in keyof typeof OVERRIDES]: QueueConfig;
};

export type QueueName = keyof typeof QUEUE_CONFIGS;
