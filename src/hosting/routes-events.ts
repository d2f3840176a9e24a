import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * How long an announcement waits for the edges. Longer than their safety reload (5 s): past it, every
 * edge that is still running has reloaded anyway, so a stuck or dying one delays the caller but never
 * holds it.
 */
export const EDGE_ACK_TIMEOUT_MS = 10_000;

const ackKey = (channel: string, token: string) => `${channel}:ack:${token}`;

export interface RoutesAnnouncement {
  /** Edge processes subscribed when it was published. */
  edges: number;
  /** How many of them reloaded before the deadline. */
  acknowledged: number;
}

/**
 * Tells every edge process that what a host serves has changed (publish, rollback, domain verified or
 * removed, certificate issued), and returns once each edge that heard it has reloaded its routing table
 * (or the deadline passed): what the caller reports next, such as a deployment `published`, is then
 * what the edges serve. The subscriber count comes from PUBLISH itself, so no registry of edges is kept;
 * the answers go to a list, so one given before the caller starts waiting is not lost.
 */
export async function announceRoutesChanged(publisher: Redis, channel: string, timeoutMs = EDGE_ACK_TIMEOUT_MS): Promise<RoutesAnnouncement> {
  const token = randomUUID();
  const edges = await publisher.publish(channel, token);
  let acknowledged = 0;
  if (edges === 0) return { edges, acknowledged };
  // BLPOP blocks its connection, so it gets its own (the shared one fails fast rather than queueing).
  const waiter = publisher.duplicate({ enableOfflineQueue: true, enableAutoPipelining: false, maxRetriesPerRequest: 1 });
  waiter.on('error', () => {});
  const deadline = Date.now() + timeoutMs;
  try {
    while (acknowledged < edges) {
      const left = deadline - Date.now();
      // At least 10 ms: a BLPOP timeout that rounds to 0 would block forever.
      if (left <= 0 || !(await waiter.blpop(ackKey(channel, token), Math.max(left, 10) / 1_000))) break;
      acknowledged++;
    }
  } catch {
    // Redis went away while waiting: the edges' safety reload still catches up.
  } finally {
    waiter.disconnect();
  }
  return { edges, acknowledged };
}

/** An edge's answer to the announcement `token`, once its routing table includes that change. */
export async function acknowledgeRoutesChanged(redis: Redis, channel: string, token: string): Promise<void> {
  const key = ackKey(channel, token);
  await redis.multi().rpush(key, '1').pexpire(key, 60_000).exec();
}
