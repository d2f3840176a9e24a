import { describe, expect, it } from 'vitest';
import { SiteTraffic } from '../../src/hosting/edge/site-traffic';
import { type RecordTraffic, TrafficFlusher } from '../../src/hosting/edge/traffic-flusher';

/** A recorder that keeps what it was given, or refuses while `down` is set (Postgres unreachable). */
function fakeStore() {
  const recorded = new Map<string, number>();
  const calls: { periodKey: string; proxied: Map<string, number> }[] = [];
  const store = {
    down: false,
    recorded,
    calls,
    record: (async (periodKey, proxied) => {
      calls.push({ periodKey, proxied: new Map(proxied) });
      if (store.down) throw new Error('connection refused');
      for (const [site, n] of proxied) recorded.set(`${periodKey}|${site}`, (recorded.get(`${periodKey}|${site}`) ?? 0) + n);
    }) as RecordTraffic,
  };
  return store;
}

function setUp(periodKey = '2026-12-01') {
  const traffic = new SiteTraffic();
  const store = fakeStore();
  const warnings: { message: string; sites: number }[] = [];
  let period = periodKey;
  const flusher = new TrafficFlusher(
    traffic,
    store.record,
    (err, sites) => warnings.push({ message: err.message, sites }),
    () => period,
  );
  return { traffic, store, warnings, flusher, setPeriod: (p: string) => (period = p) };
}

describe('TrafficFlusher', () => {
  it('records each drain once and nothing when there is nothing to record', async () => {
    const { traffic, store, flusher } = setUp();
    await flusher.flush();
    expect(store.calls).toHaveLength(0);
    traffic.addProxied('a', 100);
    traffic.addProxied('b', 7);
    traffic.addProxied('a', 23);
    await flusher.flush();
    await flusher.flush();
    expect(store.calls).toHaveLength(1);
    expect(store.recorded).toEqual(
      new Map([
        ['2026-12-01|a', 123],
        ['2026-12-01|b', 7],
      ]),
    );
    expect(traffic.proxiedBytes('a')).toBe(0);
  });

  it('keeps the counts of a failed flush, adds what came in meanwhile, and records them once when the store is back', async () => {
    const { traffic, store, warnings, flusher } = setUp();
    traffic.addProxied('a', 1000);
    traffic.addProxied('b', 50);
    store.down = true;
    await flusher.flush();
    expect(warnings).toEqual([{ message: 'connection refused', sites: 2 }]);
    expect(traffic.proxiedBytes('a')).toBe(1000);
    traffic.addProxied('a', 1);
    traffic.addProxied('c', 9);
    await flusher.flush();
    expect(warnings).toHaveLength(2);
    expect(store.recorded.size).toBe(0);
    store.down = false;
    await flusher.flush();
    expect(store.recorded).toEqual(
      new Map([
        ['2026-12-01|a', 1001],
        ['2026-12-01|b', 50],
        ['2026-12-01|c', 9],
      ]),
    );
    // Recorded: not sent again.
    await flusher.stop();
    expect(store.calls).toHaveLength(3);
  });

  it('runs one flush at a time: one asked for during another goes out after it with what came in since', async () => {
    const traffic = new SiteTraffic();
    const calls: Record<string, number>[] = [];
    let release: () => void = () => {};
    let entered: () => void = () => {};
    const firstEntered = new Promise<void>((r) => (entered = r));
    const record: RecordTraffic = async (_period, proxied) => {
      calls.push(Object.fromEntries(proxied));
      if (calls.length === 1) {
        entered();
        await new Promise<void>((r) => (release = r));
      }
    };
    const flusher = new TrafficFlusher(
      traffic,
      record,
      () => {},
      () => '2026-12-01',
    );
    traffic.addProxied('a', 10);
    const first = flusher.flush();
    await firstEntered;
    traffic.addProxied('a', 5);
    const second = flusher.flush();
    // The second has not started while the first is in flight.
    expect(calls).toHaveLength(1);
    release();
    await Promise.all([first, second]);
    expect(calls).toEqual([{ a: 10 }, { a: 5 }]);
  });

  it('writes counts held over a period end in the period of the write', async () => {
    const { traffic, store, flusher, setPeriod } = setUp('2026-11-01');
    traffic.addProxied('a', 10);
    store.down = true;
    await flusher.flush();
    store.down = false;
    setPeriod('2026-12-01');
    await flusher.stop();
    expect(store.recorded).toEqual(new Map([['2026-12-01|a', 10]]));
  });

  it('flushes what is left on stop', async () => {
    const { traffic, store, flusher } = setUp();
    flusher.start(3_600_000);
    traffic.addProxied('a', 42);
    await flusher.stop();
    expect(store.recorded.get('2026-12-01|a')).toBe(42);
  });
});
