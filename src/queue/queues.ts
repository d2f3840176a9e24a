import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_CONFIGS, QUEUE_NAMES, queueOf, type JobName, type JobPayload, type QueueName } from './registry';

/** Producer side of the registry: one BullMQ Queue per queue name, created on first use. */
export class Queues {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: Redis,
    readonly prefix: string,
  ) {}

  get(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.connection,
        prefix: this.prefix,
        defaultJobOptions: QUEUE_CONFIGS[name].defaultJobOptions,
      });
      queue.on('error', () => {});
      this.queues.set(name, queue);
    }
    return queue;
  }

  all(): Queue[] {
    return QUEUE_NAMES.map((name) => this.get(name));
  }

  /**
   * Adds a job. With `jobId` set to the database row id, adding the same row twice is a no-op in
   * BullMQ, which is what lets the sweeper re-enqueue without fear of duplicates.
   */
  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts: JobsOptions = {}): Promise<void> {
    await this.get(queueOf(name)).add(name, payload, opts);
  }

  /** Adds many jobs of one name in one round trip. */
  async enqueueBulk<N extends JobName>(name: N, jobs: { payload: JobPayload<N>; opts?: JobsOptions }[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.get(queueOf(name)).addBulk(jobs.map((j) => ({ name, data: j.payload, opts: j.opts })));
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}
