import { Gauge } from 'prom-client';
import type { Queues } from '../queue/queues';
import { registry } from './registry';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** The queues whose counts the scrape reads; none until a role that uses the queues sets them. */
let source: Queues | undefined;

/**
 * `kiln_queue_jobs` is read from BullMQ at each scrape (one round trip per queue), so the figures are
 * current and nothing polls Redis between scrapes. A queue whose read fails is left out of that scrape
 * rather than failing the other series.
 */
export const queueJobs = new Gauge({
  name: 'kiln_queue_jobs',
  help: 'Jobs in each queue by state (waiting includes prioritized), read from Redis at scrape time',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!source) return;
    await Promise.all(
      source.all().map(async (queue) => {
        const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed').catch(() => null);
        if (!counts) return;
        for (const state of STATES) {
          const n = (counts[state] ?? 0) + (state === 'waiting' ? (counts.prioritized ?? 0) : 0);
          this.set({ queue: queue.name, state }, n);
        }
      }),
    );
  },
});

/** Makes the scrape report these queues' counts. */
export function collectQueueCounts(queues: Queues): void {
  source = queues;
}
