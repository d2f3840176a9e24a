import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveError, extractSiteArchive } from '../../src/hosting/archive';
import { makeTempDir, rawTarGz, zipBuffer } from './support/archive-fixtures';

let temp: Awaited<ReturnType<typeof makeTempDir>>;

beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(async () => {
  await temp.cleanup();
});

/** Deterministic, so a failure can be replayed. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function mutate(original: Buffer, random: () => number): Buffer {
  const out = Buffer.from(original);
  const flips = 1 + Math.floor(random() * 8);
  for (let i = 0; i < flips; i++) out[Math.floor(random() * out.length)] = Math.floor(random() * 256);
  // Sometimes cut the tail too, but keep the magic bytes so the reader is exercised.
  return random() < 0.3 ? out.subarray(0, 4 + Math.floor(random() * (out.length - 4))) : out;
}

describe('damaged archives never escape as anything but ArchiveError', () => {
  const site = [
    { name: 'index.html', data: '<h1>' + 'hello '.repeat(200) + '</h1>' },
    { name: 'assets/app.js', data: 'console.log(1);'.repeat(100) },
    { name: 'assets/logo.bin', data: Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 31) % 256)) },
  ];

  it.each([
    ['zip', () => zipBuffer(site)],
    ['tar.gz', async () => rawTarGz(site)],
  ] as const)('%s: 150 random mutations', async (kind, make) => {
    const original = await make();
    const random = prng(kind === 'zip' ? 1 : 2);
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 150; i++) {
      const path = await temp.write(`${kind}-${i}`, mutate(original, random));
      const outcome = await extractSiteArchive(path).then(
        () => 'ok',
        (err: unknown) => {
          expect(err, `mutation ${i}`).toBeInstanceOf(ArchiveError);
          return (err as ArchiveError).code;
        },
      );
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(outcomes.get('corrupt') ?? 0).toBeGreaterThan(0);
  });
});
