import { connectDatabase } from '../../src/db/client';
import { checkTextDetailed, countDocuments, indexDocuments, type CheckDetails, type DocumentInput } from '../../src/plagiarism';
import { postAndWait, quantile } from '../lib/api-call';
import { generateProse, loadVocabulary, seededRandom } from '../lib/english';
import type { BenchContext, Scenario, ScenarioOutput, Timing } from '../lib/types';

const WARMUPS = 3;
const RUNS = 20;
const QUERY_WORDS = 2_000;
/** Corpus documents the query copies whole (all within the first 1,000, so every corpus size has them). */
const COPIED_DOCS = [17, 242, 589, 901];
const URL_PREFIX = 'https://corpus.bench.kiln.test/doc/';

/** BENCH_PLAGIARISM_SIZES: comma-separated corpus sizes to measure at (default 1000,10000,100000). */
function corpusSizes(): number[] {
  const raw = process.env.BENCH_PLAGIARISM_SIZES;
  const sizes = (raw ? raw.split(',') : ['1000', '10000', '100000']).map((s) => Number(s.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < COPIED_DOCS[COPIED_DOCS.length - 1]! + 1)) {
    throw new Error(`BENCH_PLAGIARISM_SIZES must be whole numbers ≥ ${COPIED_DOCS[COPIED_DOCS.length - 1]! + 1} (got "${raw}")`);
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/** Corpus document i: 200–300 words (the last sentence may overshoot a little) from seed 1 + i. */
function corpusDocument(i: number): DocumentInput {
  const words = 200 + Math.floor(seededRandom(0xbe7c0000 + i)() * 81);
  return { url: `${URL_PREFIX}${i}`, title: `Bench document ${i}`, text: generateProse(1 + i, words).text };
}

/**
 * A 2,000-word submission that is about half copied: the whole of four corpus documents, each after a stretch
 * of original text (seeds no corpus document uses) of about the same length.
 */
function querySubmission(): { text: string; copiedWords: number } {
  const copied = COPIED_DOCS.map((i) => corpusDocument(i).text);
  const count = (s: string) => s.split(/\s+/).filter(Boolean).length;
  const copiedWords = copied.reduce((n, t) => n + count(t), 0);
  const originalEach = Math.round((QUERY_WORDS - copiedWords) / copied.length);
  const parts: string[] = [];
  copied.forEach((t, k) => parts.push(generateProse(900_000_000 + k, originalEach).text, t));
  return { text: parts.join('\n\n'), copiedWords };
}

interface CheckAnswer {
  score: number;
  verdict: string;
  matches: { url: string; similarity: number }[];
}

const fmtInt = (n: number) => n.toLocaleString('en-US');

/**
 * Plagiarism check latency as the corpus grows: the corpus is indexed straight into the bench's database from
 * this process (`indexDocuments`, the bulk import the `corpus import` command uses), in steps up to each size;
 * at each size a 2,000-word, half-copied text is checked through the API (`POST /v1/plagiarism/check`, run by
 * Kiln's `text` queue worker) 3 times to warm up and then 20 times in a row.
 */
export const plagiarismCheck: Scenario = {
  name: 'plagiarism: POST /v1/plagiarism/check',
  kind: 'group',
  description: '2,000-word check against 1k / 10k / 100k corpus documents; corpus indexing rate',
  async run(ctx: BenchContext): Promise<ScenarioOutput> {
    const sizes = corpusSizes();
    const database = connectDatabase(ctx.databaseUrl, { max: 4 });
    const timings: Timing[] = [];
    try {
      const { db } = database;
      loadVocabulary();
      const query = querySubmission();
      const queryWords = query.text.split(/\s+/).filter(Boolean).length;
      const expected = COPIED_DOCS.map((i) => `${URL_PREFIX}${i}`);
      ctx.say(
        `query: ${fmtInt(queryWords)} words (${query.text.length} characters), ${fmtInt(query.copiedWords)} of them copied from documents ${COPIED_DOCS.join(', ')}`,
      );

      let built = await countDocuments(db, null);
      if (built !== 0) throw new Error(`the bench database already has ${built} public corpus documents`);
      let indexS = 0;
      let generateS = 0;
      let fingerprints = 0;
      const steps: string[] = [];
      for (const size of sizes) {
        // ---- grow the corpus to `size` ----
        let t = performance.now();
        const docs: DocumentInput[] = [];
        for (let i = built; i < size; i++) docs.push(corpusDocument(i));
        const genS = (performance.now() - t) / 1000;
        generateS += genS;
        ctx.say(`corpus ${fmtInt(built)} → ${fmtInt(size)}: generated ${fmtInt(docs.length)} documents in ${genS.toFixed(1)} s; indexing`);
        t = performance.now();
        let nextSay = Math.ceil((built + 1) / 10_000) * 10_000;
        const before = built;
        // vacuum: true — fresh planner statistics at every size. By default indexDocuments only vacuums/analyzes
        // past 100,000 fingerprints (the 1,000-document step writes ~60,000), and with autovacuum off (as on the
        // bench machine) the lookup then runs without statistics: its cost estimate crosses jit_above_cost and
        // every check pays ~100–200 ms of JIT compilation.
        const result = await indexDocuments(db, docs, {
          vacuum: true,
          onProgress: (p) => {
            const total = before + p.documents;
            if (total >= nextSay && total < size) {
              nextSay = (Math.floor(total / 10_000) + 1) * 10_000;
              const s = (performance.now() - t) / 1000;
              ctx.say(`  indexed ${fmtInt(total)} / ${fmtInt(size)} (${Math.round(p.documents / s)} docs/s in this step, ${s.toFixed(0)} s)`);
            }
          },
        });
        const stepS = (performance.now() - t) / 1000;
        indexS += stepS;
        fingerprints += result.fingerprints;
        built = size;
        const stored = await countDocuments(db, null);
        if (stored !== size || result.inserted !== docs.length)
          throw new Error(`indexing to ${size} documents left ${stored} stored (${result.inserted} inserted)`);
        const stepRate = docs.length / stepS;
        steps.push(`${fmtInt(before)}→${fmtInt(size)}: ${Math.round(stepRate)} docs/s`);
        ctx.say(
          `  corpus ${fmtInt(size)}: ${fmtInt(docs.length)} documents, ${fmtInt(result.fingerprints)} fingerprints in ${stepS.toFixed(1)} s (${Math.round(stepRate)} docs/s, vacuum + analyze included)`,
        );

        // ---- what the check does at this size, in-process (the same code the worker runs) ----
        const local: CheckDetails = await checkTextDetailed(db, null, query.text);
        const ms = local.stats.ms;
        const inProcess =
          `in-process: ${local.stats.tokens} tokens, ${local.stats.hashes} hashes, ${fmtInt(local.stats.hits)} hits (${local.stats.commonHashes} too common), ` +
          `${local.stats.candidates} candidates; normalize ${ms.normalize.toFixed(0)} + lookup ${ms.lookup.toFixed(0)} + load ${ms.load.toFixed(0)} + align ${ms.align.toFixed(0)} = ${ms.total.toFixed(0)} ms`;

        // ---- through the API ----
        const samples: number[] = [];
        let last: CheckAnswer | undefined;
        let polled = 0;
        for (let r = 0; r < WARMUPS + RUNS; r++) {
          const answer = await postAndWait<CheckAnswer>(ctx, '/v1/plagiarism/check', { text: query.text }, 120_000);
          if (r >= WARMUPS) samples.push(answer.wallS);
          if (answer.polled) polled++;
          last = answer.body;
        }
        const found = new Set(last!.matches.map((m) => m.url));
        const missing = expected.filter((u) => !found.has(u));
        const p50 = quantile(samples, 0.5);
        ctx.say(
          `  check at ${fmtInt(size)} docs: p50 ${(p50 * 1000).toFixed(0)} ms, p90 ${(quantile(samples, 0.9) * 1000).toFixed(0)} ms (n=${samples.length}); ` +
            `score ${last!.score}, ${last!.verdict}, ${last!.matches.length} matches${missing.length ? `, MISSING ${missing.join(' ')}` : ''}; ${inProcess}`,
        );
        timings.push({
          label: `plagiarism: check 2,000 words, ${fmtInt(size)} docs`,
          description:
            `POST /v1/plagiarism/check of a ${fmtInt(queryWords)}-word text (${fmtInt(query.copiedWords)} words copied from ${COPIED_DOCS.length} corpus documents) ` +
            `against ${fmtInt(size)} public corpus documents; ${RUNS} sequential requests after ${WARMUPS} warm-ups, p50 = median; ` +
            `answer: score ${last!.score}, ${last!.verdict}, ${last!.matches.length} matches; ${inProcess}`,
          samplesS: samples,
          ok: missing.length === 0,
          note: missing.length ? `the check did not find ${missing.join(', ')}` : polled ? `${polled} request(s) answered 202 and were polled` : undefined,
          targets: size === 100_000 ? [{ stat: 'median', op: '<', value: 0.3 }] : undefined,
        });
      }
      const rate = built / indexS;
      timings.push({
        label: 'plagiarism: corpus indexing rate',
        description:
          `indexDocuments (batches of 1,000, 3 in flight, vacuum: true, so VACUUM (ANALYZE) after each step, included) from this process into the bench database: ` +
          `${fmtInt(built)} documents of 200–300 words, ${fmtInt(fingerprints)} fingerprints, in ${indexS.toFixed(1)} s ` +
          `(steps ${steps.join('; ')}); generating the texts took another ${generateS.toFixed(1)} s, not counted`,
        samplesS: [rate],
        unit: 'docs/s',
        ok: true,
      });
      return { rows: [], timings };
    } finally {
      await database.close();
    }
  },
};
