import { createHash } from 'node:crypto';
import type { RedisClient } from '../redis';
import { Keyspace } from '../redis-keys';

/** BullMQ's largest priority (its PRIORITY_LIMIT); a tag beyond it is clamped, which degrades to FIFO. */
export const MAX_TAG = 2 ** 21 - 1;

/** Who a job is queued for: an account id, or null for the system's own jobs (which share one turn). */
export type JobOwner = string | null;

const SYSTEM_OWNER = '-';

/**
 * Start-time fair queueing, per queue: each job gets a tag, `max(its account's previous tag, clock) + 1`,
 * where the clock is the highest tag a worker has started. The tag is the job's BullMQ priority (lower runs
 * first, ties in arrival order), so an account that queued a thousand jobs holds tags far beyond the clock
 * while another account's next job is tagged just past it and runs next: jobs of the waiting accounts take
 * turns, and within one account they keep their order. A queue with nothing waiting or running (BullMQ's
 * prioritized set, wait and active lists all empty) resets the clock and the tags, which keeps them far
 * below BullMQ's limit (a backlog that never drains for two million jobs degrades to arrival order).
 * KEYS: clock, last tag per account (hash), BullMQ's prioritized set, wait list and active list.
 * ARGV: limit, then one owner per job. Returns one tag per owner.
 */
const TAG_SCRIPT = `
if redis.call('ZCARD', KEYS[3]) == 0 and redis.call('LLEN', KEYS[4]) == 0 and redis.call('LLEN', KEYS[5]) == 0 then
  redis.call('DEL', KEYS[1], KEYS[2])
end
local clock = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
local tags = {}
for i = 2, #ARGV do
  local last = tonumber(redis.call('HGET', KEYS[2], ARGV[i]) or '0')
  local tag = math.min(math.max(last + 1, clock), limit)
  redis.call('HSET', KEYS[2], ARGV[i], tag)
  tags[#tags + 1] = tag
end
return tags
`;

/** KEYS: clock. ARGV: the tag of the job a worker just started. The clock only moves forward. */
const ADVANCE_SCRIPT = `
local tag = tonumber(ARGV[1])
if tag > tonumber(redis.call('GET', KEYS[1]) or '0') then redis.call('SET', KEYS[1], tag) end
return 0
`;

const sha1 = (script: string) => createHash('sha1').update(script).digest('hex');
const TAG_SHA = sha1(TAG_SCRIPT);
const ADVANCE_SHA = sha1(ADVANCE_SCRIPT);

/** EVALSHA, loading the script on Redis's first NOSCRIPT (a restart, SCRIPT FLUSH), so each call sends only its keys. */
async function runScript(redis: RedisClient, script: string, sha: string, keys: string[], args: (string | number)[]): Promise<unknown> {
  try {
    return await redis.evalsha(sha, keys.length, ...keys, ...args);
  } catch (err) {
    if (!String((err as Error).message).includes('NOSCRIPT')) throw err;
    return redis.eval(script, keys.length, ...keys, ...args);
  }
}

/**
 * The order of every shared queue across accounts (see TAG_SCRIPT). One atomic script per enqueue (one
 * per bulk) and, per worker process and queue, at most one clock update in flight (starts that come
 * meanwhile are folded into the next: a clock a moment behind only tags a newcomer a little earlier). All
 * of it on Redis, so any number of API and worker processes agree on the turns without a dispatcher, and
 * a process that dies leaves nothing to clean up: the order lives in the jobs' own priorities in
 * BullMQ's prioritized set.
 */
export class FairOrder {
  /** Per queue: the highest started tag not yet sent, and whether an update is in flight. */
  private readonly advancing = new Map<string, { pending: number; sending: boolean }>();

  private readonly keyspace: Keyspace;

  constructor(
    private readonly redis: RedisClient,
    keyspace: Keyspace | string,
  ) {
    this.keyspace = typeof keyspace === 'string' ? new Keyspace({ REDIS_PREFIX: keyspace }) : keyspace;
  }

  /** Beside the queue's BullMQ keys, under its prefix: on a cluster the script's five keys share its slot. */
  private keys(queue: string) {
    const prefix = this.keyspace.queuePrefix(queue);
    return {
      clock: `${prefix}:fair:${queue}:clock`,
      last: `${prefix}:fair:${queue}:last`,
      prioritized: `${prefix}:${queue}:prioritized`,
      wait: `${prefix}:${queue}:wait`,
      active: `${prefix}:${queue}:active`,
    };
  }

  /** One priority per job, in the order given (several for one owner follow one another). */
  async tag(queue: string, owners: JobOwner[]): Promise<number[]> {
    if (owners.length === 0) return [];
    const k = this.keys(queue);
    const tags = (await runScript(
      this.redis,
      TAG_SCRIPT,
      TAG_SHA,
      [k.clock, k.last, k.prioritized, k.wait, k.active],
      [MAX_TAG, ...owners.map((o) => o ?? SYSTEM_OWNER)],
    )) as number[];
    return tags.map(Number);
  }

  /**
   * A worker started a job with this priority: later jobs of other accounts are tagged after it. Resolves
   * once an update carrying it (or a higher one) has been sent.
   */
  async started(queue: string, priority: number | undefined): Promise<void> {
    if (!priority) return;
    let state = this.advancing.get(queue);
    if (!state) this.advancing.set(queue, (state = { pending: 0, sending: false }));
    state.pending = Math.max(state.pending, priority);
    if (state.sending) return;
    state.sending = true;
    try {
      while (state.pending > 0) {
        const tag = state.pending;
        state.pending = 0;
        await runScript(this.redis, ADVANCE_SCRIPT, ADVANCE_SHA, [this.keys(queue).clock], [tag]);
      }
    } finally {
      state.sending = false;
    }
  }
}
