/**
 * `npm run eval:plagiarism`: passage-level precision and recall of the plagiarism check on a labelled,
 * seeded eval set.
 *
 * One run: throwaway database `kiln_eval_<random>` (server from DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) → migrations → a corpus of 5,000 generated documents
 * (150–400 words of English-like prose each, bench/lib/english.ts) indexed with `indexDocuments` → 1,250
 * labelled submissions (verbatim, partial, paraphrased, rewritten and reworded with the local text engine, original; see
 * scripts/eval/cases.ts) checked one by one with `checkTextDetailed(db, null, text)` → per-type precision,
 * recall, F1 (definitions in scripts/eval/metrics.ts), mean score and verdicts → target checks → the database
 * is dropped (always, also on error or Ctrl-C). Exit 1 when a target is missed.
 *
 * Everything is deterministic (fixed seeds); only the timings vary.
 */
import { connectDatabase, type Database } from '../src/db/client';
import { createLocalTextProvider } from '../src/engines/text';
import { checkTextDetailed, countDocuments, indexDocuments } from '../src/plagiarism';
import { loadVocabulary, seededRandom } from '../bench/lib/english';
import { CaseBuilder, corpusDocument, sourceOfUrl, type CaseCounts } from './eval/cases';
import { createThrowawayDatabase, type ThrowawayDatabase } from './eval/database';
import { reportTargets, runEval, say, secs } from './eval/run-eval';
import { OVERLAP, checkTargets, renderSummary, scoreCase, summarize, type CaseScore } from './eval/metrics';

const CORPUS_SIZE = 5_000;
const COUNTS: CaseCounts = { verbatim: 200, partial: 150, paraphrased: 200, rewritten: 100, reworded: 100, original: 500 };
/** Corpus documents checked against the corpus itself: any match but their own is an accidental shared run. */
const SELF_CHECKS = 300;
const CASE_SEED = 20_240_607;

let throwaway: ThrowawayDatabase | undefined;
let database: Database | undefined;
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await database?.close().catch(() => {});
    if (throwaway) {
      try {
        await throwaway.drop();
        say(`Dropped database ${throwaway.name}`);
      } catch (err) {
        process.stderr.write(`eval: could not drop database ${throwaway.name}: ${(err as Error).message}\n`);
      }
    }
  })();
  return cleaning;
}

async function main(): Promise<number> {
  const started = performance.now();
  say('Kiln plagiarism eval');
  throwaway = await createThrowawayDatabase();
  say(`  database ${throwaway.name} created and migrated`);
  database = connectDatabase(throwaway.url, { max: 4 });
  const { db } = database;

  // ---- corpus ------------------------------------------------------------------------------------------------
  let t = performance.now();
  loadVocabulary();
  const docs = Array.from({ length: CORPUS_SIZE }, (_, i) => corpusDocument(i));
  const words = docs.map((d) => d.prose.words);
  say(
    `  corpus: ${CORPUS_SIZE} documents, ${Math.min(...words)}–${Math.max(...words)} words (mean ${Math.round(words.reduce((a, b) => a + b, 0) / words.length)}), generated in ${secs(performance.now() - t)}`,
  );
  t = performance.now();
  const indexed = await indexDocuments(
    db,
    docs.map((d) => ({ url: d.url, title: d.title, text: d.prose.text })),
  );
  const stored = await countDocuments(db, null);
  say(
    `  indexed: ${indexed.inserted} inserted, ${indexed.fingerprints} fingerprints in ${secs(performance.now() - t)} (${Math.round(indexed.documents / (indexed.ms / 1000))} docs/s); ${stored} public documents stored`,
  );
  if (stored !== CORPUS_SIZE) throw new Error(`expected ${CORPUS_SIZE} stored documents, found ${stored}`);

  // Documents must not share runs by accident: each of a sample, checked as a submission, may only match itself.
  t = performance.now();
  let foreign = 0;
  let selfFound = 0;
  const selfRnd = seededRandom(CASE_SEED + 1);
  for (let k = 0; k < SELF_CHECKS; k++) {
    const doc = docs[Math.floor(selfRnd() * docs.length)]!;
    const result = await checkTextDetailed(db, null, doc.prose.text);
    if (result.details.some((d) => d.url === doc.url)) selfFound++;
    const others = result.details.filter((d) => d.url !== doc.url);
    if (others.length > 0) {
      foreign++;
      if (foreign <= 3) say(`    ${doc.url} also matches ${others[0]!.url}: "${others[0]!.excerpt.slice(0, 100)}"`);
    }
  }
  say(
    `  corpus self-check: ${SELF_CHECKS} documents checked as submissions, ${selfFound} found themselves, ${foreign} matched another document (${secs(performance.now() - t)})`,
  );

  // ---- cases -------------------------------------------------------------------------------------------------
  t = performance.now();
  const paraphraser = createLocalTextProvider();
  await paraphraser.warmUp();
  const cases = await new CaseBuilder(CORPUS_SIZE, seededRandom(CASE_SEED), paraphraser).build(COUNTS);
  const copiedSpans = cases.reduce((n, c) => n + c.truth.length, 0);
  const changedOf = (type: string) => cases.filter((c) => c.type === type && c.changedWords !== undefined).map((c) => c.changedWords!);
  say(
    `  cases: ${cases.length} (${Object.entries(COUNTS)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}), ${copiedSpans} copied passages, built in ${secs(performance.now() - t)}`,
  );
  for (const [type, how] of [
    ['paraphrased', 'paraphrases (local text engine, mode paraphrase, tone formal)'],
    ['rewritten', 'rewrites (sentences shuffled, then mode rewrite, tone formal)'],
    ['reworded', 'rewordings (sentences shuffled, mode rewrite, then mode paraphrase)'],
  ] as const) {
    const changed = changedOf(type);
    say(
      `  ${how}: ${(100 * (changed.reduce((a, b) => a + b, 0) / changed.length)).toFixed(0)}% of the source words changed or moved on average (1 − word LCS), ${(100 * Math.min(...changed)).toFixed(0)}–${(100 * Math.max(...changed)).toFixed(0)}%`,
    );
  }

  // ---- checks ------------------------------------------------------------------------------------------------
  t = performance.now();
  const scores: CaseScore[] = [];
  const misses: string[] = [];
  for (const c of cases) {
    const result = await checkTextDetailed(db, null, c.text);
    const s = scoreCase(c, result);
    scores.push(s);
    if (s.detected < s.truePassages || s.truePositives < s.predicted) {
      const wrong = result.details.filter((d) => !c.truth.some((tr) => tr.source === sourceOfUrl(d.url)));
      misses.push(
        `    ${c.id}: ${s.detected}/${s.truePassages} copied passages detected, ${s.truePositives}/${s.predicted} predictions correct, score ${s.score}` +
          (wrong.length ? `; e.g. matched ${wrong[0]!.url} on "${wrong[0]!.excerpt.slice(0, 80)}…"` : ''),
      );
    }
    if (s.unknownSources > 0) throw new Error(`case ${c.id} matched documents that are not in this eval's corpus`);
  }
  say(`  checks: ${cases.length} in ${secs(performance.now() - t)}`);

  // ---- report ------------------------------------------------------------------------------------------------
  const summaries = summarize(scores);
  say();
  say(`Results (corpus ${CORPUS_SIZE} documents; passage-level, a match counts when ≥ ${OVERLAP * 100}% overlaps copied text of the same source)`);
  say(renderSummary(summaries));
  say();
  say('  precision = predicted passages (details[]) of which ≥ 50% of the characters are copied text from the same source document');
  say('  recall    = copied passages of which ≥ 50% of the characters are covered by predicted passages from the same source document');
  say('  recall (any) = the same, any overlap with a same-source prediction counting; targets use recall');
  say('  char cov. = share of all copied characters covered by same-source predictions; any match = share of cases with ≥ 1 predicted passage');
  if (misses.length) {
    say();
    say(`Cases with a missed passage or a wrong prediction (${misses.length}; first 12):`);
    for (const m of misses.slice(0, 12)) say(m);
  }
  const code = reportTargets(checkTargets(summaries));
  say();
  say(`Total time ${secs(performance.now() - started)}`);
  return code;
}

await runEval({ main, cleanup, leftBehind: () => `database ${throwaway?.name ?? '?'}` });
