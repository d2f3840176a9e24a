import { describe, expect, it } from 'vitest';
import {
  buildPassages,
  chainSeeds,
  coverage,
  createNormalizer,
  detect,
  excerptOf,
  fingerprint,
  lcsLength,
  queryHashes,
  seedsFromHits,
  unionLength,
  type PlagiarismParams,
  type Seed,
} from '../../../src/engines/plagiarism';
import { generateText, lightlyEdit, seededRandom } from '../../plagiarism/text-gen';

const opts = { k: 3, maxGap: 10, minTokens: 8, minSimilarity: 0.5 };
const params: PlagiarismParams = { ...opts, w: 4 };

/** Seeds of every shared k-gram between two token lists (what a lookup of all query k-grams would give). */
function allSeeds(query: string[], source: string[], k: number): Seed[] {
  const at = new Map<string, number[]>();
  for (let s = 0; s + k <= source.length; s++) {
    const g = source.slice(s, s + k).join(' ');
    at.set(g, [...(at.get(g) ?? []), s]);
  }
  const seeds: Seed[] = [];
  for (let q = 0; q + k <= query.length; q++) for (const s of at.get(query.slice(q, q + k).join(' ')) ?? []) seeds.push({ q, s });
  return seeds;
}

const toks = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('chainSeeds', () => {
  it('chains seeds on one diagonal across small gaps and splits at large ones', () => {
    const seeds: Seed[] = [
      { q: 0, s: 100 },
      { q: 4, s: 104 },
      { q: 12, s: 113 }, // gap 5 after the previous k-gram, drift 1: same chain
      { q: 60, s: 160 }, // far away: a new chain
      { q: 64, s: 164 },
    ];
    const chains = chainSeeds(seeds, 3, 6);
    expect(chains.map((c) => c.map((s) => s.q))).toEqual([
      [0, 4, 12],
      [60, 64],
    ]);
  });

  it('keeps seeds of different source regions apart', () => {
    const chains = chainSeeds(
      [
        { q: 0, s: 10 },
        { q: 3, s: 500 },
        { q: 5, s: 15 },
        { q: 8, s: 505 },
      ],
      3,
      6,
    );
    expect(chains.map((c) => c.map((s) => s.s))).toEqual([
      [10, 15],
      [500, 505],
    ]);
  });
});

describe('lcsLength', () => {
  it('is the longest common subsequence of two ranges', () => {
    const a = 'x a b c d e y'.split(' ');
    const b = 'a c d z e'.split(' ');
    expect(lcsLength(a, 1, 6, b, 0, 5)).toBe(4); // a c d e
    expect(lcsLength(a, 0, 0, b, 0, 5)).toBe(0);
  });
});

describe('buildPassages', () => {
  it('aligns a verbatim copy as one passage of similarity 1, extended past its seeds', () => {
    const source = [...toks('s', 30), ...toks('c', 40), ...toks('t', 30)];
    const query = [...toks('q', 10), ...toks('c', 40), ...toks('r', 10)];
    // Only a few (winnowed) seeds in the middle: alignment grows them to the whole copied run.
    const seeds = [
      { q: 15, s: 35 },
      { q: 30, s: 50 },
    ];
    const [p, ...rest] = buildPassages(seeds, opts, { query, source });
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ qStart: 10, qEnd: 50, sStart: 30, sEnd: 70, matched: 40, similarity: 1 });
  });

  it('keeps a lightly edited copy in one passage with a high similarity', () => {
    const source = toks('c', 100);
    const query = [...source];
    for (let i = 7; i < 100; i += 9) query[i] = `edit${i}`; // every 9th token changed
    const passages = buildPassages(allSeeds(query, source, 3), opts, { query, source });
    expect(passages).toHaveLength(1);
    expect(passages[0]!.qEnd - passages[0]!.qStart).toBeGreaterThanOrEqual(95);
    expect(passages[0]!.similarity).toBeGreaterThan(0.85);
  });

  it('handles insertions and deletions (the diagonal drifts)', () => {
    const source = toks('c', 80);
    const query = [...source.slice(0, 20), 'ins1', 'ins2', ...source.slice(20, 50), ...source.slice(53)];
    const passages = buildPassages(allSeeds(query, source, 3), opts, { query, source });
    expect(passages).toHaveLength(1);
    expect(passages[0]).toMatchObject({ qStart: 0, qEnd: query.length, sStart: 0, sEnd: 80 });
    expect(passages[0]!.matched).toBe(77);
  });

  it('splits copies separated by more than the gap tolerance', () => {
    const source = toks('c', 100);
    const query = [...source.slice(0, 30), ...toks('own', 30), ...source.slice(60, 90)];
    const passages = buildPassages(allSeeds(query, source, 3), opts, { query, source });
    expect(passages.map((p) => [p.qStart, p.qEnd]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [0, 30],
      [60, 90],
    ]);
  });

  it('drops chance overlaps shorter than minTokens', () => {
    const source = [...toks('s', 20), 'a', 'b', 'c', 'd', ...toks('t', 20)];
    const query = [...toks('q', 20), 'a', 'b', 'c', 'd', ...toks('r', 20)];
    expect(buildPassages(allSeeds(query, source, 3), opts, { query, source })).toEqual([]);
  });

  it('ignores seeds whose tokens differ (hash collisions)', () => {
    const source = toks('s', 50);
    const query = toks('q', 50);
    expect(
      buildPassages(
        [
          { q: 0, s: 0 },
          { q: 5, s: 5 },
        ],
        opts,
        { query, source },
      ),
    ).toEqual([]);
  });

  it('keeps one passage where a source repeats the copied text', () => {
    const copied = toks('c', 30);
    const source = [...copied, ...toks('s', 10), ...copied];
    const passages = buildPassages(allSeeds(copied, source, 3), opts, { query: copied, source });
    expect(passages).toHaveLength(1);
    expect(passages[0]!.similarity).toBe(1);
  });

  it('approximates from the seeds alone without the token sequences', () => {
    const seeds = [0, 2, 4, 6, 8, 10].map((q) => ({ q, s: q + 100 }));
    const [p] = buildPassages(seeds, opts);
    expect(p).toMatchObject({ qStart: 0, qEnd: 13, sStart: 100, sEnd: 113, matched: 13, similarity: 1 });
  });
});

describe('coverage', () => {
  it('is the union of query ranges over the token count', () => {
    expect(unionLength([])).toBe(0);
    expect(
      unionLength([
        { start: 0, end: 10 },
        { start: 5, end: 15 },
        { start: 20, end: 25 },
      ]),
    ).toBe(20);
    expect(
      coverage(
        [
          { qStart: 0, qEnd: 10 },
          { qStart: 5, qEnd: 15 },
        ],
        30,
      ),
    ).toBeCloseTo(0.5);
    expect(coverage([], 0)).toBe(0);
  });
});

describe('detect', () => {
  const normalizer = createNormalizer(null);
  /** An in-memory corpus: winnowed fingerprints per document, looked up like the database does. */
  function check(corpus: string[], text: string) {
    const docs = corpus.map((t) => normalizer.normalize(t));
    const index = new Map<number, { doc: number; pos: number }[]>();
    docs.forEach((d, doc) => {
      for (const f of fingerprint(d.keys, params.k, params.w)) index.set(f.hash, [...(index.get(f.hash) ?? []), { doc, pos: f.pos }]);
    });
    const query = normalizer.normalize(text);
    const qh = queryHashes(query.keys, params.k);
    const perDoc = new Map<number, { hash: number; pos: number }[]>();
    for (const hash of qh.hashes) for (const hit of index.get(hash) ?? []) perDoc.set(hit.doc, [...(perDoc.get(hit.doc) ?? []), { hash, pos: hit.pos }]);
    const sources = [...perDoc].map(([doc, hits]) => ({ ref: doc, seeds: seedsFromHits(hits, qh), tokens: docs[doc]!.keys }));
    return { query, result: detect(query, sources, params) };
  }
  const corpus = [generateText(11, 400), generateText(12, 400), generateText(13, 400)];

  it('scores a verbatim copy 1 with the source as the match and the excerpt in original wording', () => {
    const text = corpus[1]!;
    const { query, result } = check(corpus, text);
    expect(result.score).toBe(1);
    expect(result.passages[0]!.ref).toBe(1);
    const p = result.passages[0]!;
    // From the copy's first word ("From", a stop word, opens it) to its last content word (stop words at the end are not tokens).
    expect(text.startsWith('From ')).toBe(true);
    expect(excerptOf(text, query, p.qStart, p.qEnd)).toBe(text.slice(0, query.ends[query.keys.length - 1]));
  });

  it('scores half copied, half original near 0.5', () => {
    const own = generateText(99, 400);
    const text = `${corpus[0]!.slice(0, corpus[0]!.length / 2)} ${own.slice(0, own.length / 2)}`;
    const { result } = check(corpus, text);
    expect(result.score).toBeGreaterThan(0.4);
    expect(result.score).toBeLessThan(0.6);
  });

  it('scores an original text 0 and a light edit high', () => {
    expect(check(corpus, generateText(100, 400)).result.score).toBeLessThan(0.05);
    const edited = check(corpus, lightlyEdit(corpus[2]!, 5));
    expect(edited.result.score).toBeGreaterThan(0.8);
    expect(edited.result.passages[0]!.ref).toBe(2);
  });

  it('is deterministic for shuffled seeds', () => {
    const rnd = seededRandom(9);
    const source = toks('c', 60);
    const seeds = allSeeds(source, source, 3);
    const shuffled = [...seeds].sort(() => rnd() - 0.5);
    expect(buildPassages(shuffled, opts, { query: source, source })).toEqual(buildPassages(seeds, opts, { query: source, source }));
  });
});
