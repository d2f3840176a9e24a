import { describe, expect, it } from 'vitest';
import type { AttemptRow } from '../../src/db/queries/webhooks';
import { endpointHealthChanges, storableText } from '../../src/webhooks/attempt-batch';

let seq = 0;
const attempt = (endpointId: string, statusCode: number | null, excerpt = ''): AttemptRow => ({
  seq: seq++,
  deliveryId: `whd_${seq}`,
  endpointId,
  attempt: 1,
  statusCode,
  durationMs: 3,
  excerpt,
  ok: statusCode !== null && statusCode >= 200 && statusCode <= 299,
  retrySecs: 60,
});

describe('endpointHealthChanges (what a batch of attempts does to each endpoint)', () => {
  it('successes only: healthy, nothing to disable', () => {
    expect(endpointHealthChanges([attempt('a', 200), attempt('a', 204)])).toEqual([
      { endpointId: 'a', lastOk: true, anyOk: true, firstFailed: false, gone: false, reason: '' },
    ]);
  });

  it('a failure after a success restarts the failing clock; the first failure names the reason', () => {
    const [change] = endpointHealthChanges([attempt('a', 200), attempt('a', 500), attempt('a', null, 'connection refused')]);
    expect(change).toMatchObject({ lastOk: false, anyOk: true, firstFailed: false, gone: false });
    expect(change!.reason).toMatch(/failed for 5 days \(last: HTTP 500\)/);
  });

  it('a failure first can end an endpoint already failing too long, even if a success follows', () => {
    const [change] = endpointHealthChanges([attempt('a', null, 'no answer from x within 10 s'), attempt('a', 200)]);
    expect(change).toMatchObject({ lastOk: true, anyOk: true, firstFailed: true, gone: false });
    expect(change!.reason).toMatch(/last: no answer from x within 10 s/);
  });

  it('a 410 anywhere disables, with its own reason', () => {
    const [change] = endpointHealthChanges([attempt('a', 500), attempt('a', 410), attempt('a', 200)]);
    expect(change).toMatchObject({ gone: true, lastOk: true, reason: 'The endpoint answered 410 Gone.' });
  });

  it('keeps endpoints apart, in the order attempts finished whatever order they are given', () => {
    const first = attempt('a', 500);
    const second = attempt('b', 200);
    const third = attempt('a', 200);
    const changes = endpointHealthChanges([third, second, first]);
    expect(changes.map((c) => [c.endpointId, c.firstFailed, c.lastOk])).toEqual([
      ['a', true, true],
      ['b', false, true],
    ]);
  });
});

describe('storableText', () => {
  it('drops NULs and replaces half surrogate pairs, keeping whole ones', () => {
    const emoji = '\u{1F600}';
    expect(storableText(`a\u0000b${emoji}`)).toBe(`ab${emoji}`);
    expect(storableText(`cut ${emoji.slice(0, 1)}`)).toBe('cut \ufffd');
    expect(storableText(`${emoji.slice(1)} tail`)).toBe('\ufffd tail');
  });
});
