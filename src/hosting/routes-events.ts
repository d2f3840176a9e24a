import { randomUUID } from 'node:crypto';
import { duplicateRedis, type RedisClient } from '../redis';
import type { Runtime } from '../runtime';
import { liveEdges } from './edge-registry';

/**
 * How long an announcement waits for the edges. Longer than their safety reload (5 s): past it, every
 * edge that is still running has reloaded anyway, so a stuck or dying one delays the caller but never
 * holds it.
 */
export const EDGE_ACK_TIMEOUT_MS = 10_000;

const ackKey = (channel: string, token: string) => `${channel}:ack:${token}`;

export interface RoutesAnnouncement {
  /** Edge processes alive in the registry when it was published: the ones waited for. */
  edges: number;
  /** How many of them reloaded before the deadline. */
  acknowledged: number;
}

/**
 * Tells every edge process that what a host serves has changed (publish, rollback, domain verified or
 * removed, certificate issued), and returns once each live edge has reloaded its routing table (or the
 * deadline passed): what the caller reports next, such as a deployment `published`, is then what the
 * edges serve. The edges waited for are those in the installation's registry of live edges, not PUBLISH's
 * receiver count, which also counts foreign subscribers (and only one node's on a cluster). Each edge
 * answers with its id on a list, so an answer given before the caller starts waiting is not lost, and an
 * edge that joined after the count does not stand in for one that did not answer.
 */
export async function announceRoutesChanged(
  rt: Pick<Runtime, 'redis' | 'channels' | 'edgeRegistry'>,
  timeoutMs = EDGE_ACK_TIMEOUT_MS,
): Promise<RoutesAnnouncement> {
  const publisher = rt.redis;
  const channel = rt.channels.routesChanged;
  const token = randomUUID();
  const waiting = new Set(await liveEdges(publisher, rt.edgeRegistry));
  const edges = waiting.size;
  await publisher.publish(channel, token);
  if (edges === 0) return { edges, acknowledged: 0 };
  // BLPOP blocks its connection, so it gets its own (the shared one fails fast rather than queueing).
  const waiter = duplicateRedis(publisher, { enableOfflineQueue: true, enableAutoPipelining: false, maxRetriesPerRequest: 1 });
  const deadline = Date.now() + timeoutMs;
  try {
    while (waiting.size > 0) {
      const left = deadline - Date.now();
      // At least 10 ms: a BLPOP timeout that rounds to 0 would block forever.
      const answer = left > 0 ? await waiter.blpop(ackKey(channel, token), Math.max(left, 10) / 1_000) : null;
      if (!answer) break;
      waiting.delete(answer[1]);
    }
  } catch {
    // Redis went away while waiting: the edges' safety reload still catches up.
  } finally {
    waiter.disconnect();
  }
  return { edges, acknowledged: edges - waiting.size };
}

/** Edge `edgeId`'s answer to the announcement `token`, once its routing table includes that change. */
export async function acknowledgeRoutesChanged(redis: RedisClient, channel: string, token: string, edgeId: string): Promise<void> {
  const key = ackKey(channel, token);
  await redis.multi().rpush(key, edgeId).pexpire(key, 60_000).exec();
}
