import { describe, expect, it } from 'vitest';
import { ConnectionWaitTimeout, PoolGate } from '../../src/db/pool-gate';

/** A piece of work the test finishes when it chooses, and that says when it started. */
function held() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      started = true;
      await done;
      return 'ran';
    },
    finish: () => finish(),
    started: () => started,
  };
}

const LATER = () => Date.now() + 60_000;

describe('PoolGate', () => {
  it('runs as many at once as it has places, the rest in arrival order as places free up', async () => {
    const gate = new PoolGate(2);
    const [a, b, c, d] = [held(), held(), held(), held()];
    const runs = [a, b, c, d].map((h) => gate.run(LATER(), h.work));
    await Promise.resolve();
    expect([a.started(), b.started(), c.started(), d.started()]).toEqual([true, true, false, false]);
    expect({ inUse: gate.inUse, waiting: gate.waiting }).toEqual({ inUse: 2, waiting: 2 });
    b.finish();
    await runs[1];
    expect([c.started(), d.started()]).toEqual([true, false]);
    expect({ inUse: gate.inUse, waiting: gate.waiting }).toEqual({ inUse: 2, waiting: 1 });
    a.finish();
    c.finish();
    d.finish();
    expect(await Promise.all(runs)).toEqual(['ran', 'ran', 'ran', 'ran']);
    expect({ inUse: gate.inUse, waiting: gate.waiting }).toEqual({ inUse: 0, waiting: 0 });
  });

  it('a wait past its deadline fails without running, and leaves the line', async () => {
    const gate = new PoolGate(1);
    const first = held();
    const running = gate.run(LATER(), first.work);
    const late = held();
    const err = await gate.run(Date.now(), late.work).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionWaitTimeout);
    expect((err as ConnectionWaitTimeout).code).toBe('POOL_WAIT_TIMEOUT');
    expect(late.started()).toBe(false);
    expect({ inUse: gate.inUse, waiting: gate.waiting }).toEqual({ inUse: 1, waiting: 0 });
    first.finish();
    await running;
    expect(gate.inUse).toBe(0);
  });

  it('a place is given back when the work fails', async () => {
    const gate = new PoolGate(1);
    await expect(gate.run(LATER(), async () => Promise.reject(new Error('statement failed')))).rejects.toThrow('statement failed');
    expect(gate.inUse).toBe(0);
    expect(await gate.run(LATER(), async () => 'next')).toBe('next');
  });
});
