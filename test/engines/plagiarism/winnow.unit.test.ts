import { describe, expect, it } from 'vitest';
import { fingerprint, kgramHashes, winnow } from '../../../src/engines/plagiarism';
import { seededRandom } from '../../plagiarism/text-gen';

const randomTokens = (rnd: () => number, n: number, vocab = 5000) => Array.from({ length: n }, () => `w${Math.floor(rnd() * vocab)}`);

describe('kgramHashes', () => {
  it('hashes every k-gram to a deterministic 52-bit non-negative integer', () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    const h = kgramHashes(keys, 3);
    expect(h.length).toBe(4);
    for (const x of h) {
      expect(Number.isSafeInteger(x)).toBe(true);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(2 ** 52);
    }
    expect([...kgramHashes(keys, 3)]).toEqual([...h]);
    expect(kgramHashes(['a', 'b'], 3).length).toBe(0);
  });

  it('depends on the tokens and their order, not on the position', () => {
    const [abc] = kgramHashes(['a', 'b', 'c'], 3);
    const [acb] = kgramHashes(['a', 'c', 'b'], 3);
    const later = kgramHashes(['x', 'y', 'a', 'b', 'c'], 3)[2];
    expect(abc).not.toBe(acb);
    expect(later).toBe(abc);
    // Token boundaries matter: ('ab','c') is not ('a','bc').
    expect(kgramHashes(['ab', 'c'], 2)[0]).not.toBe(kgramHashes(['a', 'bc'], 2)[0]);
  });

  it('has no collisions among many distinct k-grams', () => {
    const rnd = seededRandom(1);
    const keys = randomTokens(rnd, 200_000, 1_000_000);
    const hashes = kgramHashes(keys, 3);
    const distinctGrams = new Set<string>();
    for (let i = 0; i + 3 <= keys.length; i++) distinctGrams.add(keys.slice(i, i + 3).join(' '));
    expect(new Set(hashes).size).toBe(distinctGrams.size);
  });
});

describe('winnow', () => {
  it('selects at least one hash in every window of w, each position once, in order', () => {
    const rnd = seededRandom(2);
    const hashes = Array.from({ length: 500 }, () => Math.floor(rnd() * 1000));
    for (const w of [1, 2, 4, 7]) {
      const fps = winnow(hashes, w);
      const positions = fps.map((f) => f.pos);
      expect(positions).toEqual([...new Set(positions)].sort((a, b) => a - b));
      for (let start = 0; start + w <= hashes.length; start++) {
        const inWindow = positions.filter((p) => p >= start && p < start + w);
        expect(inWindow.length).toBeGreaterThan(0);
        // ...and it is that window's minimum.
        const min = Math.min(...hashes.slice(start, start + w));
        expect(inWindow.some((p) => hashes[p] === min)).toBe(true);
      }
      for (const f of fps) expect(f.hash).toBe(hashes[f.pos]);
    }
  });

  it('selects about 2/(w+1) of the positions on random input', () => {
    const rnd = seededRandom(3);
    const hashes = Array.from({ length: 20_000 }, () => Math.floor(rnd() * 2 ** 52));
    const density = winnow(hashes, 4).length / hashes.length;
    expect(density).toBeGreaterThan(0.35);
    expect(density).toBeLessThan(0.45);
  });

  it('robust winnowing keeps one selection through a run of equal hashes', () => {
    const hashes = new Array(50).fill(7);
    // Plain (rightmost) winnowing would select every position; the robust variant one per w.
    const fps = winnow(hashes, 5);
    expect(fps.length).toBeLessThanOrEqual(Math.ceil(50 / 5));
  });

  it('selects the minimum of a sequence shorter than the window', () => {
    expect(winnow([5, 3, 9], 4)).toEqual([{ hash: 3, pos: 1 }]);
    expect(winnow([], 4)).toEqual([]);
  });

  it('guarantee: any shared run of ≥ w + k − 1 tokens yields a shared fingerprint', () => {
    const rnd = seededRandom(4);
    for (const [k, w] of [
      [3, 4],
      [4, 4],
      [5, 3],
      [2, 6],
    ] as const) {
      for (let trial = 0; trial < 200; trial++) {
        const shared = randomTokens(rnd, w + k - 1 + Math.floor(rnd() * 3));
        const a = [...randomTokens(rnd, Math.floor(rnd() * 60)), ...shared, ...randomTokens(rnd, Math.floor(rnd() * 60))];
        const b = [...randomTokens(rnd, Math.floor(rnd() * 60)), ...shared, ...randomTokens(rnd, Math.floor(rnd() * 60))];
        const fa = new Set(fingerprint(a, k, w).map((f) => f.hash));
        const fb = fingerprint(b, k, w).map((f) => f.hash);
        expect(fb.some((h) => fa.has(h))).toBe(true);
      }
    }
  });

  it('documents sharing nothing share no fingerprints', () => {
    const rnd = seededRandom(5);
    const a = fingerprint(randomTokens(rnd, 2000, 1_000_000), 3, 4).map((f) => f.hash);
    const b = new Set(fingerprint(randomTokens(rnd, 2000, 1_000_000), 3, 4).map((f) => f.hash));
    expect(a.filter((h) => b.has(h))).toEqual([]);
  });
});
