import type { Fingerprint } from './types';

/**
 * k-gram hashing and winnowing (Schleimer, Wilkerson, Aiken: "Winnowing: local algorithms for document
 * fingerprinting", SIGMOD 2003), over normalised token keys rather than characters.
 *
 * Hashes are 52-bit non-negative integers: exact as a JS number and as a Postgres bigint. They are built from
 * two independent 32-bit halves (the high half keeps 20 bits), so no BigInt arithmetic is needed.
 */

const TWO_32 = 4294967296;
const HIGH_MASK = 0xfffff; // 20 bits: 20 + 32 = 52

/** MurmurHash3's finaliser: a bijective avalanche on 32 bits. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a (32-bit) over UTF-16 code units from `basis`, then fmix32. */
function stringHash32(s: string, basis: number): number {
  let h = basis;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h ^ s.length);
}

const BASIS_HI = 0x811c9dc5;
const BASIS_LO = 0x2f5a1c3b;

/** The 52-bit hash of every k-gram of `keys`: result[i] covers keys i .. i + k - 1 (length max(0, n - k + 1)). */
export function kgramHashes(keys: readonly string[], k: number): Float64Array {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
  const n = keys.length;
  const count = Math.max(0, n - k + 1);
  const out = new Float64Array(count);
  if (count === 0) return out;
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const key = keys[i]!;
    hi[i] = stringHash32(key, BASIS_HI);
    lo[i] = stringHash32(key, BASIS_LO);
  }
  for (let i = 0; i < count; i++) {
    // An order-sensitive chain of bijective mixes; the two halves use different keys and constants.
    let a = 0x9e3779b9 ^ k;
    let b = 0x7f4a7c15 ^ k;
    for (let j = i; j < i + k; j++) {
      a = fmix32((a + hi[j]!) >>> 0);
      b = fmix32(Math.imul(b ^ lo[j]!, 0x27d4eb2f) >>> 0);
    }
    out[i] = (a & HIGH_MASK) * TWO_32 + b;
  }
  return out;
}

/**
 * Robust winnowing over `hashes` with window `w`: in every window of w consecutive hashes the minimum is
 * selected; on ties the hash already selected is kept while it stays in the window, else the rightmost
 * minimum. Each selected position is reported once, in increasing position order.
 *
 * Guarantee: if two sequences share a run of at least w + k - 1 tokens, they share a window of w identical
 * k-gram hashes, and both select that window's minimum hash (same value) — so they share a fingerprint.
 * A sequence with fewer than w hashes (but at least one) gets its minimum selected.
 */
export function winnow(hashes: Float64Array | readonly number[], w: number): Fingerprint[] {
  if (!Number.isInteger(w) || w < 1) throw new RangeError(`w must be a positive integer, got ${w}`);
  const n = hashes.length;
  const out: Fingerprint[] = [];
  if (n === 0) return out;
  const rightmostMin = (from: number, to: number): number => {
    let best = from;
    for (let i = from + 1; i <= to; i++) if (hashes[i]! <= hashes[best]!) best = i;
    return best;
  };
  if (n <= w) {
    const m = rightmostMin(0, n - 1);
    out.push({ hash: hashes[m]!, pos: m });
    return out;
  }
  let min = rightmostMin(0, w - 1);
  out.push({ hash: hashes[min]!, pos: min });
  for (let right = w; right < n; right++) {
    const left = right - w + 1;
    if (min < left) {
      // The selected minimum left the window: the rightmost minimum of the new window.
      min = rightmostMin(left, right);
      out.push({ hash: hashes[min]!, pos: min });
    } else if (hashes[right]! < hashes[min]!) {
      // Strictly smaller only: on a tie the robust variant keeps the hash already selected.
      min = right;
      out.push({ hash: hashes[min]!, pos: min });
    }
  }
  return out;
}

/** Winnowed fingerprints of a token sequence. */
export function fingerprint(keys: readonly string[], k: number, w: number): Fingerprint[] {
  return winnow(kgramHashes(keys, k), w);
}
