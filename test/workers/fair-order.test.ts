import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FairOrder, MAX_TAG } from '../../src/queue/fair-order';
import { newRedisPrefix, testConfig } from '../support/runtime';

/** The tags themselves, against the suite's Redis and a real BullMQ queue (whose sets decide a reset). */
const config = testConfig();
const redis = new Redis(config.REDIS_URL);
let prefix: string;
let order: FairOrder;
let queue: Queue;

beforeAll(async () => {
  prefix = newRedisPrefix();
  order = new FairOrder(redis, prefix);
  queue = new Queue('text', { connection: redis, prefix });
});
afterAll(async () => {
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  redis.disconnect();
});

/** Tags, then adds the jobs with them, as Queues.enqueueBulk does. */
async function enqueue(owners: (string | null)[]): Promise<number[]> {
  const tags = await order.tag('text', owners);
  await queue.addBulk(tags.map((priority, i) => ({ name: 'text.generate', data: { id: `${owners[i]}-${Math.random()}` }, opts: { priority } })));
  return tags;
}

describe('fair order tags', () => {
  it("puts a newcomer's job right after the last started one, ahead of a flood, keeping each account's own order", async () => {
    expect(await enqueue(['a', 'a', 'a', 'a'])).toEqual([1, 2, 3, 4]);
    await order.started('text', 1);
    // b and the system's own jobs come next; b's second job takes its turn after a's second.
    expect(await enqueue(['b', null, 'b'])).toEqual([1, 1, 2]);
    expect(await enqueue(['a'])).toEqual([5]);
    await order.started('text', 3);
    expect(await enqueue(['c', 'b'])).toEqual([3, 3]);
    // The prioritized set serves them in tag order, arrival order within a tag.
    const waiting = await queue.getJobs(['prioritized'], 0, -1, true);
    expect(waiting.map((j) => j.data.id.split('-')[0])).toEqual(['a', 'b', 'null', 'a', 'b', 'a', 'c', 'b', 'a', 'a']);
  });

  it('starts again from 1 once the queue has nothing waiting or running, and never passes BullMQ’s limit', async () => {
    await queue.obliterate({ force: true });
    expect(await enqueue(['z'])).toEqual([1]);
    await redis.set(`${prefix}:fair:text:clock`, String(MAX_TAG - 1));
    expect(await enqueue(['y', 'y', 'y'])).toEqual([MAX_TAG - 1, MAX_TAG, MAX_TAG]);
  });
});
