import type { Passage, Seed } from './types';

/**
 * From shared k-grams (seeds) between a query and ONE source document to passages: seeds are chained along
 * a roughly constant diagonal (source position − query position) with a gap tolerance, so a copied passage
 * with light edits (a changed, inserted or dropped word every few words) stays one passage. With both token
 * sequences at hand, each passage is then aligned exactly: maximal runs of equal tokens grown from the seeds
 * (also past the passage's first and last seed) plus the longest common subsequence of the short gaps
 * between runs.
 *
 * All positions are normalised-token indices (stop words excluded), ends exclusive.
 */
export interface PassageOptions {
  /** The k-gram length the seeds were hashed with. */
  k: number;
  /**
   * Largest gap, in tokens, between the end of one seed's k-gram and the start of the next on either side,
   * and largest drift of the diagonal between them (insertions/deletions).
   */
  maxGap: number;
  /** Passages covering fewer query tokens are dropped (chance overlaps of a single k-gram). */
  minTokens: number;
  /** Passages less similar than this are dropped. */
  minSimilarity: number;
}

export interface PassageTokens {
  query: readonly string[];
  source: readonly string[];
}

/** Gap alignments larger than this many DP cells are not attempted (they count as no matched tokens). */
const MAX_LCS_CELLS = 1 << 16;

/** Seeds sorted by query position, grouped into co-linear chains. Each chain is sorted by `q`. */
export function chainSeeds(seeds: readonly Seed[], k: number, maxGap: number): Seed[][] {
  const sorted = [...seeds].sort((a, b) => a.q - b.q || a.s - b.s);
  const chains: Seed[][] = [];
  let open: Seed[][] = [];
  for (const seed of sorted) {
    // Chains whose last seed is too far behind can never be extended again.
    open = open.filter((c) => seed.q - (c[c.length - 1]!.q + k) <= maxGap);
    let best: Seed[] | undefined;
    let bestDrift = Infinity;
    for (const chain of open) {
      const last = chain[chain.length - 1]!;
      const dq = seed.q - last.q;
      const ds = seed.s - last.s;
      if (dq <= 0 || ds <= 0) continue;
      if (ds - k > maxGap) continue;
      const drift = Math.abs(ds - dq);
      if (drift > maxGap) continue;
      if (drift < bestDrift || (drift === bestDrift && best && chain.length > best.length)) {
        best = chain;
        bestDrift = drift;
      }
    }
    if (best) best.push(seed);
    else {
      const chain = [seed];
      chains.push(chain);
      open.push(chain);
    }
  }
  return chains;
}

/** Length of the longest common subsequence of a[aFrom, aTo) and b[bFrom, bTo). */
export function lcsLength(a: readonly string[], aFrom: number, aTo: number, b: readonly string[], bFrom: number, bTo: number): number {
  const n = aTo - aFrom;
  const m = bTo - bFrom;
  if (n <= 0 || m <= 0) return 0;
  if (n * m > MAX_LCS_CELLS) return 0;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let i = 1; i <= n; i++) {
    const ai = a[aFrom + i - 1];
    for (let j = 1; j <= m; j++) {
      cur[j] = ai === b[bFrom + j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[m]!;
}

function sameKgram(tokens: PassageTokens, seed: Seed, k: number): boolean {
  const { query, source } = tokens;
  if (seed.q + k > query.length || seed.s + k > source.length) return false;
  for (let i = 0; i < k; i++) if (query[seed.q + i] !== source[seed.s + i]) return false;
  return true;
}

/** Exact alignment of one chain against the token sequences (see the module comment). */
function alignChain(chain: readonly Seed[], tokens: PassageTokens): Passage | null {
  const { query, source } = tokens;
  let qStart = 0;
  let sStart = 0;
  let qi = -1;
  let si = -1;
  let matched = 0;
  for (const seed of chain) {
    if (qi >= 0) {
      if (seed.q < qi || seed.s < si) continue; // inside (or crossing) the run already aligned
      matched += lcsLength(query, qi, seed.q, source, si, seed.s);
    } else {
      let a = seed.q;
      let b = seed.s;
      while (a > 0 && b > 0 && query[a - 1] === source[b - 1]) {
        a--;
        b--;
      }
      qStart = a;
      sStart = b;
      matched += seed.q - a;
    }
    let a = seed.q;
    let b = seed.s;
    while (a < query.length && b < source.length && query[a] === source[b]) {
      a++;
      b++;
    }
    matched += a - seed.q;
    qi = a;
    si = b;
  }
  if (qi < 0) return null;
  const qLen = qi - qStart;
  const sLen = si - sStart;
  return { qStart, qEnd: qi, sStart, sEnd: si, matched, similarity: (2 * matched) / (qLen + sLen), seeds: chain.length };
}

/** Without the token sequences: ranges from the seeds, similarity = share of the query range covered by seed k-grams. */
function approximateChain(chain: readonly Seed[], k: number): Passage {
  let qEnd = 0;
  let sStart = Infinity;
  let sEnd = 0;
  let matched = 0;
  let coveredTo = -1;
  for (const seed of chain) {
    const from = Math.max(seed.q, coveredTo);
    if (seed.q + k > from) matched += seed.q + k - from;
    coveredTo = Math.max(coveredTo, seed.q + k);
    qEnd = Math.max(qEnd, seed.q + k);
    sStart = Math.min(sStart, seed.s);
    sEnd = Math.max(sEnd, seed.s + k);
  }
  const qStart = chain[0]!.q;
  return { qStart, qEnd, sStart, sEnd, matched, similarity: matched / (qEnd - qStart), seeds: chain.length };
}

/**
 * Passages of one source document, strongest first, without heavy overlap in the query (when two chains
 * cover mostly the same query tokens — a source that repeats itself — the better aligned one stays).
 */
export function buildPassages(seeds: readonly Seed[], opts: PassageOptions, tokens?: PassageTokens): Passage[] {
  const { k } = opts;
  const usable = tokens ? seeds.filter((s) => sameKgram(tokens, s, k)) : seeds;
  const candidates: Passage[] = [];
  for (const chain of chainSeeds(usable, k, opts.maxGap)) {
    const p = tokens ? alignChain(chain, tokens) : approximateChain(chain, k);
    if (p) candidates.push(p);
  }
  candidates.sort((a, b) => b.matched - a.matched || a.qStart - b.qStart);
  const kept: Passage[] = [];
  for (const p of candidates) {
    const len = p.qEnd - p.qStart;
    if (len < opts.minTokens || p.similarity < opts.minSimilarity) continue;
    const overlap = kept.reduce((sum, o) => sum + Math.max(0, Math.min(o.qEnd, p.qEnd) - Math.max(o.qStart, p.qStart)), 0);
    if (overlap * 2 > len) continue;
    kept.push(p);
  }
  return kept;
}

/** Number of positions covered by the union of half-open ranges. */
export function unionLength(ranges: readonly { start: number; end: number }[]): number {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  let total = 0;
  let curStart = -1;
  let curEnd = -1;
  for (const r of sorted) {
    if (r.start > curEnd) {
      total += curEnd - curStart;
      curStart = r.start;
      curEnd = r.end;
    } else if (r.end > curEnd) curEnd = r.end;
  }
  return total + (curEnd - curStart);
}

/**
 * Share (0..1) of the query's normalised tokens covered by the union of the passages' query ranges. Measured
 * in normalised tokens (content words, stop words excluded) so whitespace, punctuation and function words
 * neither dilute nor inflate it; words edited inside a matched passage count as covered.
 */
export function coverage(passages: readonly Pick<Passage, 'qStart' | 'qEnd'>[], totalTokens: number): number {
  if (totalTokens <= 0) return 0;
  const covered = unionLength(passages.map((p) => ({ start: p.qStart, end: p.qEnd })));
  return Math.min(1, covered / totalTokens);
}
