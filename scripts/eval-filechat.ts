/**
 * `npm run eval:filechat`: answer accuracy and source accuracy of file chat (POST /v1/file/chat) on
 * documents with known answers.
 *
 * One run: throwaway database `kiln_eval_<random>` (server from DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) → migrations → a runtime, the API app and the `files` and
 * `text` workers in this process (Redis from REDIS_URL, default redis://127.0.0.1:6379, under a random key
 * prefix) → a pro account with a key → uploads through POST /v1/file/upload: a 12-page city report (PDF, and
 * the same report rasterised here to a noisy 150 DPI scan with no text layer, read by text recognition),
 * an 8-page employee handbook (.docx, twice: as written by the docx package and with Word's
 * <w:lastRenderedPageBreak/> marks) and two CSVs (200 orders, 80 employees), all generated here
 * (scripts/eval/filechat) → every question of scripts/eval/filechat/questions.ts through POST /v1/file/chat,
 * one at a time → per-kind accuracy, failures, target checks → the database, the Redis keys and the temp
 * directories are removed (always, also on error or Ctrl-C). Exit 1 when a target is missed.
 *
 * Targets: CSV answers exact on every question, and the right first cited row wherever one is defined;
 * sources[0].page right for ≥ 90% of the PDF questions and of the .docx questions; the scan gets ≥ 90% as
 * many PDF questions fully right (answer and page) as the text PDF.
 *
 * Everything is deterministic (fixed seeds, fixed texts); only the timings vary.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWebApp } from '../src/roles/web-app';
import { loadConfig } from '../src/config';
import { createAccount } from '../src/db/queries/accounts';
import { createApiKey } from '../src/accounts/create-api-key';
import { createLogger } from '../src/logger';
import { deleteKeysWithPrefix } from '../src/redis';
import { createRuntime, waitForRedis, type Runtime } from '../src/runtime';
import { startWorkers, type WorkerSet } from '../src/workers/start-workers';
import { makeCsv, makeDocx, makePdf, makeScannedPdf } from '../test/support/document-fixtures';
import { createThrowawayDatabase, type ThrowawayDatabase } from './eval/database';
import { reportTargets, runEval, say, secs, type EvalRun } from './eval/run-eval';
import { HANDBOOK_BLOCKS, handbookPageText, REPORT_PAGES } from './eval/filechat/documents';
import { checkNoSharedWords } from './eval/filechat/meaning';
import { QUESTIONS, type DocumentKind, type FileKey, type Question } from './eval/filechat/questions';
import { embedDocument } from '../src/documents/embed-document';
import { createOpenAIEmbedder, type Embedder } from '../src/engines/embeddings/embedder';
import { startFakeEmbeddings } from '../test/support/fake-embeddings';
import { checkTargets, renderFailures, renderSummary, summarize } from './eval/filechat/report';
import { expectedOf, score, type ChatReply, type Outcome } from './eval/filechat/score';
import { EMPLOYEES, EMPLOYEES_HEADER, SALES, SALES_HEADER, employeeCells, salesCells } from './eval/filechat/tables';

/** `--verbose`: every question with its answer and first source, not only the failures. */
const VERBOSE = process.argv.includes('--verbose');
/** `--only=meaning,pdf`: only these kinds of questions, and only the files they ask (the scan takes a minute to read). */
const ONLY = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',') as DocumentKind[] | undefined;
/** `--no-provider`: skip asking the meaning questions again with a provider's vectors. */
const NO_PROVIDER = process.argv.includes('--no-provider');
const ASKED = QUESTIONS.filter((q) => !ONLY || ONLY.includes(q.kind));

let throwaway: ThrowawayDatabase | undefined;
let rt: Runtime | undefined;
let workers: WorkerSet | undefined;
const tempDirs: string[] = [];
let redisPrefix: string | undefined;
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await workers?.close(5_000).catch(() => {});
    if (rt) {
      if (redisPrefix)
        await deleteKeysWithPrefix(rt.redis, redisPrefix).catch((err) =>
          process.stderr.write(`eval: could not delete Redis keys ${redisPrefix}:*: ${(err as Error).message}\n`),
        );
      await rt.close().catch(() => {});
    }
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
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

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `kiln-eval-filechat-${name}-`));
  tempDirs.push(dir);
  return dir;
}

async function main(run: EvalRun): Promise<number> {
  const started = performance.now();
  say('Kiln file chat eval');
  const unfair = checkNoSharedWords((file, page) => (file === 'report.pdf' ? REPORT_PAGES[page - 1]! : handbookPageText(page)));
  if (unfair.length > 0) throw new Error(`meaning questions:\n${unfair.join('\n')}`);
  throwaway = await createThrowawayDatabase();
  say(`  database ${throwaway.name} created and migrated`);

  redisPrefix = `kiln_eval_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: throwaway.url,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    REDIS_PREFIX: redisPrefix,
    STORAGE_DIR: tempDir('blobs'),
    UPLOAD_TMP_DIR: tempDir('upload'),
    // The scanned report is read by text recognition (seconds a page): its upload waits rather than answering 202.
    SYNC_TIMEOUT_MS: '600000',
    PUBLIC_URL: 'http://kiln.eval',
    CDN_SIGNING_SECRET: randomBytes(24).toString('hex'),
  });
  rt = createRuntime(config, 'eval', createLogger({ level: config.LOG_LEVEL, role: 'eval' }));
  await waitForRedis(rt.redis);
  await rt.listenForInvalidations();
  const app = createWebApp(rt);
  workers = await startWorkers(rt, { queues: ['files', 'meaning', 'text'] });
  const account = await createAccount(rt.db, { name: 'file chat eval', planId: 'pro' });
  const key = await createApiKey(rt.db, { accountId: account.id, label: 'eval' });
  const auth = { Authorization: `Bearer ${key.key}` };
  say(`  runtime up (Redis prefix ${redisPrefix}), workers on files + meaning + text, pro account ${account.id}`);

  // ---- documents ---------------------------------------------------------------------------------------------
  let t = performance.now();
  const fixtures: [FileKey, Buffer][] = [
    ['report.pdf', await makePdf(REPORT_PAGES)],
    ['report-scan.pdf', await makeScannedPdf(REPORT_PAGES, { dpi: 150 })],
    ['handbook.docx', await makeDocx(HANDBOOK_BLOCKS)],
    ['handbook-rendered.docx', await makeDocx(HANDBOOK_BLOCKS, { renderedPageBreaks: true })],
    ['sales.csv', makeCsv(SALES_HEADER, SALES.map(salesCells))],
    ['employees.csv', makeCsv(EMPLOYEES_HEADER, EMPLOYEES.map(employeeCells))],
  ];
  const fileIds = new Map<FileKey, string>();
  for (const [name, data] of fixtures) {
    if (!ASKED.some((q) => q.file === name)) continue;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const res = await app.request('/v1/file/upload', { method: 'POST', headers: auth, body: form });
    const body = (await res.json()) as { file_id?: string };
    if (res.status !== 201 || !body.file_id) throw new Error(`upload of ${name} answered ${res.status}: ${JSON.stringify(body)}`);
    fileIds.set(name, body.file_id);
  }
  const ingested = performance.now() - t;
  t = performance.now();
  await waitForSemanticIndex(app, auth, [...fileIds.values()]);
  say(`  sentence vectors of every document ready ${secs(performance.now() - t)} after the uploads`);
  say(
    `  uploaded and ingested in ${secs(ingested)}: report.pdf (${REPORT_PAGES.length} pages; and as a noisy 150 DPI scan), handbook.docx ×2 (8 pages, plain / rendered page breaks), ` +
      `sales.csv (${SALES.length} rows), employees.csv (${EMPLOYEES.length} rows)`,
  );

  // ---- questions ---------------------------------------------------------------------------------------------
  t = performance.now();
  const ask = async (questions: readonly Question[]): Promise<Outcome[]> => {
    const out: Outcome[] = [];
    for (const question of questions) {
      if (run.interrupted) throw new Error('interrupted');
      const asked = performance.now();
      const res = await app.request('/v1/file/chat', {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ file_id: fileIds.get(question.file), message: question.message }),
      });
      const body = await res.json();
      const ms = performance.now() - asked;
      if (res.status !== 200) {
        const checksSource = question.kind !== 'csv' || question.firstRow !== undefined;
        out.push({
          question,
          answerOk: false,
          sourceOk: checksSource ? false : null,
          expected: expectedOf(question),
          error: `${res.status} ${JSON.stringify(body)}`,
          ms,
        });
        continue;
      }
      const reply = body as ChatReply;
      out.push({ question, ...score(question, reply), reply, ms });
    }
    return out;
  };
  const outcomes = await ask(ASKED);
  if (VERBOSE) {
    for (const o of outcomes) {
      const first = o.reply?.sources[0];
      say(`    ${o.answerOk && o.sourceOk !== false ? 'ok  ' : 'FAIL'} ${o.question.file}: ${o.question.message}`);
      say(`         ${(o.error ?? o.reply?.answer ?? '').replace(/\n/g, ' / ').slice(0, 300)}`);
      if (first) say(`         [${first.page}] ${first.excerpt.slice(0, 120)}`);
    }
  }
  const chatMs = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  say(`  ${ASKED.length} questions asked in ${secs(performance.now() - t)} (median ${Math.round(chatMs[Math.floor(chatMs.length / 2)]!)} ms per chat)`);

  if (run.interrupted) throw new Error('interrupted');

  // ---- report ------------------------------------------------------------------------------------------------
  const summaries = summarize(outcomes);
  say();
  say('Results');
  say(renderSummary(summaries));
  const failures = renderFailures(outcomes);
  if (failures.length) {
    say();
    say(`Failures (${outcomes.filter((o) => !o.answerOk || o.sourceOk === false).length})`);
    for (const line of failures) say(line);
  }
  const meaningAsked = ASKED.filter((q) => q.kind === 'meaning');
  if (meaningAsked.length > 0 && !NO_PROVIDER) {
    say();
    say(`Meaning questions by embedder (${meaningAsked.length} questions that share no content word with their answer)`);
    const provider = await providerEmbedder();
    const runtime = rt!;
    const builtIn = runtime.embedder;
    runtime.embedder = provider.embedder;
    let te = performance.now();
    for (const id of fileIds.values()) await embedDocument({ db: runtime.db, log: runtime.log, embedder: provider.embedder }, id);
    say(`  re-embedded with ${provider.embedder.id} (${provider.label}) in ${secs(performance.now() - te)}`);
    te = performance.now();
    const byProvider = await ask(meaningAsked);
    runtime.embedder = builtIn;
    await provider.close();
    const row = (name: string, os: Outcome[]) => {
      const pages = os.filter((o) => o.sourceOk).length;
      const full = os.filter((o) => o.answerOk && o.sourceOk !== false).length;
      return `  ${name.padEnd(40)} right page ${String(pages).padStart(3)}/${os.length} (${pct(pages, os.length)})   answer and page ${String(full).padStart(3)}/${os.length} (${pct(full, os.length)})`;
    };
    say(
      row(
        builtIn.id,
        outcomes.filter((o) => o.question.kind === 'meaning'),
      ),
    );
    say(row(provider.embedder.id, byProvider));
    say(`  (asked in ${secs(performance.now() - te)}; ${provider.note})`);
  }
  const code = reportTargets(checkTargets(summaries));
  say();
  say(`Total time ${secs(performance.now() - started)}`);
  return code;
}

function pct(n: number, of: number): string {
  return of === 0 ? '-' : `${((100 * n) / of).toFixed(1)} %`;
}

/**
 * The provider whose vectors the meaning questions are asked with next to the built-in encoder's:
 * `--embeddings-url=<OpenAI-compatible base, e.g. https://api.openai.com/v1>` (key from OPENAI_API_KEY,
 * model from `--embeddings-model=`, default text-embedding-3-small), else the repo's fake provider (a
 * hashed bag of words: it finds what words find, so it measures the plumbing, not a model).
 */
async function providerEmbedder(): Promise<{ embedder: Embedder; label: string; note: string; close(): Promise<void> }> {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const url = arg('embeddings-url');
  const model = arg('embeddings-model') ?? 'text-embedding-3-small';
  if (url) {
    return {
      embedder: createOpenAIEmbedder({ baseUrl: url, apiKey: process.env.OPENAI_API_KEY, model }),
      label: url,
      note: 'a real provider',
      close: async () => {},
    };
  }
  const fake = await startFakeEmbeddings();
  return {
    embedder: createOpenAIEmbedder({ baseUrl: fake.baseUrl, model }),
    label: `the fake provider at ${fake.baseUrl}, a hashed bag of words`,
    note: 'the fake is no model: it matches words, and these questions share none with their answer, so it shows the plumbing, not a model; pass --embeddings-url=… for a real one',
    close: () => fake.close(),
  };
}

await runEval({ main, cleanup, leftBehind: () => `database ${throwaway?.name ?? '?'} and Redis keys ${redisPrefix ?? '?'}:*` });

/** Waits until no listed file's semantic index is `pending` (the `file.embed` jobs have run). */
async function waitForSemanticIndex(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  auth: Record<string, string>,
  ids: string[],
) {
  const deadline = performance.now() + 600_000;
  for (;;) {
    const res = await app.request('/v1/files?limit=100', { headers: auth });
    const body = (await res.json()) as { data?: { file_id: string; semantic_index: string }[] };
    const pending = (body.data ?? []).filter((f) => ids.includes(f.file_id) && f.semantic_index === 'pending');
    if (res.status === 200 && pending.length === 0) return;
    if (performance.now() > deadline) throw new Error(`semantic index still pending after 10 minutes: ${pending.map((f) => f.file_id).join(', ')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
