import { Queue, type JobsOptions } from 'bullmq';
import type { RedisClient } from '../redis';
import { Keyspace } from '../redis-keys';
import { FairOrder, type JobOwner } from './fair-order';
import { QUEUE_CONFIGS, QUEUE_NAMES, queueOf, type JobName, type JobPayload, type QueueName } from './registry';

/**
 * BullMQ's options plus whose job it is: the account the work is done for (null for the system's own),
 * which decides its turn in the queue (src/queue/fair-order.ts). Required, so no job kind can skip it.
 */
export type EnqueueOptions = Omit<JobsOptions, 'priority'> & { account: JobOwner };

/** Producer side of the registry: one BullMQ Queue per queue name, created on first use. */
export class Queues {
  private readonly queues = new Map<QueueName, Queue>();
  /** The turns of accounts in every queue; workers advance its clock as they start jobs. */
  readonly fairOrder: FairOrder;

  readonly keyspace: Keyspace;

  constructor(
    private readonly connection: RedisClient,
    keyspace: Keyspace | string,
  ) {
    this.keyspace = typeof keyspace === 'string' ? new Keyspace({ REDIS_PREFIX: keyspace }) : keyspace;
    this.fairOrder = new FairOrder(connection, this.keyspace);
  }

  /** The BullMQ prefix of a queue (its own hash tag on a cluster): Queue, Worker and QueueEvents must agree. */
  prefixOf(name: QueueName): string {
    return this.keyspace.queuePrefix(name);
  }

  get(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.connection,
        prefix: this.prefixOf(name),
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
   * Adds a job, in its account's turn. With `jobId` set to the database row id, adding the same row twice
   * is a no-op in BullMQ, which is what lets the sweeper re-enqueue without fear of duplicates.
   */
  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts: EnqueueOptions): Promise<void> {
    await this.enqueueBulk(name, [{ payload, opts }]);
  }

  /** Adds many jobs of one name in one round trip (plus one for their turns). */
  async enqueueBulk<N extends JobName>(name: N, jobs: { payload: JobPayload<N>; opts: EnqueueOptions }[]): Promise<void> {
    if (jobs.length === 0) return;
    const queue = queueOf(name);
    const tags = await this.fairOrder.tag(
      queue,
      jobs.map((j) => j.opts.account),
    );
    await this.get(queue).addBulk(jobs.map(({ payload, opts: { account: _, ...opts } }, i) => ({ name, data: payload, opts: { ...opts, priority: tags[i] } })));
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}
