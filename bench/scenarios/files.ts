import postgres from 'postgres';
import { makeCsv, makePdf } from '../../test/support/document-fixtures';
import { postAndWait, quantile } from '../lib/api-call';
import { bookPdf, bookQuestions, makeBook, MAX_UPLOAD_BYTES, picturedPdf, salesCsv, uploadFile, type ChatAnswer, type Uploaded } from '../lib/documents';
import { loadVocabulary } from '../lib/english';
import { measure } from '../lib/measure';
import { currentRssMiB, peakRssMiB, stopChild, type Child } from '../lib/processes';
import type { BenchContext, OutputRow, Scenario, ScenarioOutput, Timing } from '../lib/types';

const BOOK_PAGES = 500;
const BOOK_SEED = 20_250_000;
const CSV_SEED = 31_337;
/** Uploads of the 500-page PDF in a row (median reported). */
const INGEST_RUNS = 3;
const QUESTIONS = 60;
const CHAT_WARMUPS = 5;
/** The 20 MB files stay this much under the upload limit. */
const UNDER_LIMIT = 4 * 1024;
const INGEST_TIMEOUT_MS = 15 * 60_000;

const MiB = 1024 * 1024;
const fmtInt = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / MiB).toFixed(2)} MiB (${fmtInt(bytes)} bytes)`;

interface Ingested extends Uploaded {
  pages: number;
  passages: number;
  rows: number;
  searchConfig: string;
  /** Job row created → completed, as Kiln recorded it (excludes sending the body and answering). */
  jobS: number;
}

/** What the upload made, from the bench's database. */
async function describeUpload(sql: postgres.Sql, up: Uploaded): Promise<Ingested> {
  const [doc] = await sql<{ page_count: number; passage_count: number; search_config: string; rows: string; job_ms: string }[]>`
    SELECT d.page_count, d.passage_count, d.search_config,
      (SELECT count(*) FROM document_rows r WHERE r.document_id = d.id) AS rows,
      extract(epoch FROM j.completed_at - j.created_at) * 1000 AS job_ms
    FROM documents d JOIN jobs j ON j.id = d.id WHERE d.id = ${up.fileId}`;
  if (!doc) throw new Error(`upload ${up.fileId} answered, but no documents row exists`);
  return {
    ...up,
    pages: doc.page_count,
    passages: doc.passage_count,
    rows: Number(doc.rows),
    searchConfig: doc.search_config,
    jobS: Number(doc.job_ms) / 1000,
  };
}

/**
 * Starts a worker for the meaning queue only, waits for the document's sentence vectors (its `file.embed`
 * job was queued when its upload completed), and stops the worker (the other uploads' jobs stay queued, so
 * they do not compete with the chat timings). Seconds are the database's own: upload completed → indexed.
 */
async function encodeBook(ctx: BenchContext, sql: postgres.Sql, fileId: string) {
  const worker = ctx.startChild('kiln worker (meaning)', ['src/main.ts', 'worker'], { ...ctx.kilnEnv, WORKER_QUEUES: 'meaning' });
  try {
    const deadline = performance.now() + 30 * 60_000;
    for (;;) {
      const [row] = await sql<{ s: string | null; units: string }[]>`
        SELECT extract(epoch FROM d.meaning_indexed_at - j.completed_at) AS s,
          (SELECT coalesce(sum(octet_length(p.sentence_vectors) / 512), 0) FROM document_passages p WHERE p.document_id = d.id) AS units
        FROM documents d JOIN jobs j ON j.id = d.id WHERE d.id = ${fileId}`;
      if (row?.s != null) return { seconds: Number(row.s), sentences: Number(row.units), peakMiB: await peakRssMiB(worker) };
      if (performance.now() > deadline) throw new Error('the 500-page PDF had no sentence vectors after 30 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await stopChild(worker, 5_000);
  }
}

/** A worker process serving only the files queue, so its memory is the ingestion's own. */
function filesWorker(ctx: BenchContext, label: string): Child {
  return ctx.startChild(`kiln worker (files, ${label})`, ['src/main.ts', 'worker'], { ...ctx.kilnEnv, WORKER_QUEUES: 'files' });
}

interface MemoryRun {
  idleMiB: number;
  peakMiB: number;
  upload: Ingested;
}

/**
 * In a fresh files worker: a tiny upload of the same kind first (loads the parser, opens connections), the
 * RSS then (idle), the big upload, and the worker's peak RSS (VmHWM) after it.
 */
async function peakFor(
  ctx: BenchContext,
  sql: postgres.Sql,
  label: string,
  warm: Parameters<typeof uploadFile>[1],
  big: Parameters<typeof uploadFile>[1],
): Promise<MemoryRun> {
  const worker = filesWorker(ctx, label);
  try {
    await uploadFile(ctx, warm, { timeoutMs: 120_000, worker });
    const idleMiB = await currentRssMiB(worker);
    const upload = await describeUpload(sql, await uploadFile(ctx, big, { timeoutMs: INGEST_TIMEOUT_MS, worker }));
    const peakMiB = await peakRssMiB(worker);
    return { idleMiB, peakMiB, upload };
  } finally {
    await stopChild(worker, 5_000);
  }
}

/**
 * Files through the API: ingestion of a 500-page PDF (upload → 201), the files worker's peak memory while it
 * ingests a ~20 MB PDF and a ~20 MB CSV, and chat latency on the 500-page document. The files queue runs in
 * worker processes started here (one per memory measurement, so each VmHWM is that file's own); chat runs on
 * the `text` queue of the main Kiln process.
 */
export const filesScenario: Scenario = {
  name: 'files: POST /v1/file/upload + /v1/file/chat',
  kind: 'group',
  description: '500-page PDF ingestion time; files worker peak memory for ~20 MB PDF and CSV; chat latency on the 500-page PDF',
  async run(ctx): Promise<ScenarioOutput> {
    const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} });
    const rows: OutputRow[] = [];
    const timings: Timing[] = [];
    try {
      // ---- the documents ----
      const t = performance.now();
      loadVocabulary();
      const book = makeBook(BOOK_PAGES, BOOK_SEED);
      const pdf = await bookPdf(book);
      const pictured = await picturedPdf(pdf, MAX_UPLOAD_BYTES - UNDER_LIMIT);
      const sales = salesCsv(MAX_UPLOAD_BYTES - UNDER_LIMIT, CSV_SEED);
      const questions = bookQuestions(book, QUESTIONS);
      const warmups = bookQuestions(book, CHAT_WARMUPS, 3);
      const bookDesc = `${BOOK_PAGES}-page PDF of generated English prose (${fmtInt(book.words)} words, ${Math.round(book.words / BOOK_PAGES)} per page, 400–600), ${mb(pdf.length)}`;
      ctx.say(`made in ${((performance.now() - t) / 1000).toFixed(1)} s: the ${bookDesc}`);
      ctx.say(`  the same ${BOOK_PAGES} pages, each with a ${pictured.side}×${pictured.side} RGB noise picture above its text: ${mb(pictured.pdf.length)}`);
      ctx.say(`  a sales CSV, ${fmtInt(sales.rows)} rows × ${sales.columns.length} columns: ${mb(sales.csv.length)} (limit ${fmtInt(MAX_UPLOAD_BYTES)} bytes)`);
      if (questions.length < 50) throw new Error(`only ${questions.length} questions could be made`);

      // ---- 1. ingestion time of the 500-page PDF ----
      const runs: Ingested[] = [];
      let bookWorker: { idleMiB: number; peakMiB: number };
      {
        const worker = filesWorker(ctx, '500 pages');
        try {
          await uploadFile(
            ctx,
            { bytes: await makePdf(['Warming up the files worker.']), filename: 'warm-up.pdf', type: 'application/pdf' },
            { timeoutMs: 120_000, worker },
          );
          const idleMiB = await currentRssMiB(worker);
          for (let i = 0; i < INGEST_RUNS; i++) {
            const up = await describeUpload(
              sql,
              await uploadFile(ctx, { bytes: pdf, filename: 'book.pdf', type: 'application/pdf' }, { timeoutMs: INGEST_TIMEOUT_MS, worker }),
            );
            if (up.pages !== BOOK_PAGES) throw new Error(`the ${BOOK_PAGES}-page PDF was ingested as ${up.pages} pages`);
            runs.push(up);
            ctx.say(
              `500-page PDF #${i + 1}: ${up.wallS.toFixed(2)} s (${(BOOK_PAGES / up.wallS).toFixed(0)} pages/s; job ${up.jobS.toFixed(2)} s), ${fmtInt(up.passages)} passages, config ${up.searchConfig}${up.polled ? ', answered 202 and was polled' : ''}`,
            );
          }
          bookWorker = { idleMiB, peakMiB: await peakRssMiB(worker) };
        } finally {
          await stopChild(worker, 5_000);
        }
      }
      const polledRuns = runs.filter((r) => r.polled).length;
      timings.push(
        {
          label: 'files: ingest 500-page PDF (upload → 201)',
          description:
            `POST /v1/file/upload of the ${bookDesc}, until the answer (201 after the files worker parsed and indexed it: ${fmtInt(runs[0]!.passages)} passages); ` +
            `${INGEST_RUNS} uploads in a row after a 1-page warm-up; job row created → completed: ${runs.map((r) => r.jobS.toFixed(2)).join(', ')} s`,
          samplesS: runs.map((r) => r.wallS),
          ok: true,
          note: polledRuns ? `${polledRuns} upload(s) answered 202 and were polled` : undefined,
          targets: [{ stat: 'median', op: '<', value: 30 }],
        },
        {
          label: '  pages per second, 500-page PDF',
          description: `${BOOK_PAGES} pages over the upload's wall time, same runs`,
          samplesS: runs.map((r) => BOOK_PAGES / r.wallS),
          unit: 'pages/s',
          ok: true,
        },
        {
          label: '  worker peak RSS, 500-page PDF ×3',
          description: `VmHWM of the files worker after the warm-up and the ${INGEST_RUNS} uploads of the ${mb(pdf.length)} PDF; ${bookWorker.idleMiB.toFixed(0)} MiB idle after the warm-up`,
          samplesS: [bookWorker.peakMiB],
          unit: 'MiB',
          ok: true,
        },
      );
      ctx.say(`  files worker RSS ${bookWorker.idleMiB.toFixed(0)} MiB idle, peak ${bookWorker.peakMiB.toFixed(0)} MiB`);

      // ---- 2. peak memory of the files worker, ~20 MB files ----
      const pdfRun = await peakFor(
        ctx,
        sql,
        '20 MB PDF',
        { bytes: await makePdf(['Warming up the files worker.']), filename: 'warm-up.pdf', type: 'application/pdf' },
        { bytes: pictured.pdf, filename: 'pictured-book.pdf', type: 'application/pdf' },
      );
      ctx.say(
        `~20 MB PDF: ingested in ${pdfRun.upload.wallS.toFixed(1)} s (${fmtInt(pdfRun.upload.passages)} passages); worker RSS ${pdfRun.idleMiB.toFixed(0)} MiB idle, peak ${pdfRun.peakMiB.toFixed(0)} MiB`,
      );
      const csvRun = await peakFor(
        ctx,
        sql,
        '20 MB CSV',
        { bytes: makeCsv(['item', 'quantity'], [['warm-up', 1]]), filename: 'warm-up.csv', type: 'text/csv' },
        { bytes: sales.csv, filename: 'sales.csv', type: 'text/csv' },
      );
      if (csvRun.upload.rows !== sales.rows) throw new Error(`the CSV of ${sales.rows} rows was stored as ${csvRun.upload.rows} rows`);
      ctx.say(
        `~20 MB CSV: ingested in ${csvRun.upload.wallS.toFixed(1)} s (${fmtInt(csvRun.upload.rows)} rows, ${fmtInt(csvRun.upload.passages)} passages); worker RSS ${csvRun.idleMiB.toFixed(0)} MiB idle, peak ${csvRun.peakMiB.toFixed(0)} MiB`,
      );
      const pictureDesc = `${BOOK_PAGES} pages of the same prose, each with a ${pictured.side}×${pictured.side} RGB random-noise picture (${fmtInt(pictured.imageBytes)} bytes, incompressible), ${mb(pictured.pdf.length)}`;
      const csvDesc = `${fmtInt(sales.rows)} rows × ${sales.columns.length} columns (${sales.columns.join(', ')}), ${mb(sales.csv.length)}`;
      timings.push(
        {
          label: 'files: worker peak RSS, ~20 MB PDF',
          description:
            `VmHWM of a fresh files worker (WORKER_QUEUES=files) after ingesting a PDF of ${pictureDesc}; ${pdfRun.idleMiB.toFixed(0)} MiB idle after a 1-page warm-up; ` +
            `${fmtInt(pdfRun.upload.passages)} passages in ${pdfRun.upload.wallS.toFixed(1)} s`,
          samplesS: [pdfRun.peakMiB],
          unit: 'MiB',
          ok: true,
          targets: [{ stat: 'max', op: '<', value: 400 }],
        },
        {
          label: 'files: worker peak RSS, ~20 MB CSV',
          description:
            `VmHWM of a fresh files worker after ingesting a sales CSV of ${csvDesc}; ${csvRun.idleMiB.toFixed(0)} MiB idle after a 1-row warm-up; ` +
            `${fmtInt(csvRun.upload.passages)} passages in ${csvRun.upload.wallS.toFixed(1)} s`,
          samplesS: [csvRun.peakMiB],
          unit: 'MiB',
          ok: true,
          targets: [{ stat: 'max', op: '<', value: 400 }],
        },
        {
          label: '  ingest ~20 MB PDF (upload → answer)',
          description: `POST /v1/file/upload of the PDF of ${pictureDesc}; job row created → completed ${pdfRun.upload.jobS.toFixed(1)} s${pdfRun.upload.polled ? '; answered 202 and was polled' : ''}`,
          samplesS: [pdfRun.upload.wallS],
          ok: true,
        },
        {
          label: '  ingest ~20 MB CSV (upload → answer)',
          description: `POST /v1/file/upload of the CSV of ${csvDesc}; job row created → completed ${csvRun.upload.jobS.toFixed(1)} s${csvRun.upload.polled ? '; answered 202 and was polled' : ''}`,
          samplesS: [csvRun.upload.wallS],
          ok: true,
        },
      );
      // ---- 3. sentence vectors of the 500-page document (meaning queue, a worker of its own) ----
      const fileId = runs[0]!.fileId;
      const meaning = await encodeBook(ctx, sql, fileId);
      ctx.say(
        `sentence vectors of the 500-page PDF: ${meaning.seconds.toFixed(1)} s after its upload completed (${fmtInt(meaning.sentences)} sentences and headings, ` +
          `${(meaning.sentences / meaning.seconds).toFixed(0)} a second); meaning worker peak RSS ${meaning.peakMiB.toFixed(0)} MiB`,
      );
      timings.push(
        {
          label: 'files: sentence vectors, 500-page PDF',
          description:
            `file.embed of the first 500-page upload by a fresh worker (WORKER_QUEUES=meaning): its upload's completion → documents.meaning_indexed_at; ` +
            `${fmtInt(meaning.sentences)} sentences and headings through the Universal Sentence Encoder lite`,
          samplesS: [meaning.seconds],
          ok: true,
        },
        {
          label: '  sentences encoded per second',
          description: 'same run',
          samplesS: [meaning.sentences / meaning.seconds],
          unit: 'sentences/s',
          ok: true,
        },
        {
          label: '  meaning worker peak RSS',
          description: 'VmHWM of that worker (the sentence encoder loaded, batches of 16 sentences)',
          samplesS: [meaning.peakMiB],
          unit: 'MiB',
          ok: true,
        },
      );

      // ---- 4. chat latency on the 500-page document (text queue, main Kiln process), with sentence vectors ----
      const ask = (message: string) => postAndWait<ChatAnswer>(ctx, '/v1/file/chat', { file_id: fileId, message }, 60_000);
      for (const q of warmups) await ask(q.question);
      const chatMs: number[] = [];
      let top = 0;
      let anywhere = 0;
      let polledChats = 0;
      const misses: string[] = [];
      for (const q of questions) {
        const a = await ask(q.question);
        chatMs.push(a.wallS * 1000);
        if (a.polled) polledChats++;
        const pages = a.body.sources.map((s) => s.page);
        if (pages[0] === q.page) top++;
        if (pages.includes(q.page)) anywhere++;
        else if (misses.length < 3) misses.push(`"${q.question}" (page ${q.page}) → pages ${pages.join(', ') || 'none'}`);
      }
      const p50 = quantile(chatMs, 0.5);
      const p90 = quantile(chatMs, 0.9);
      const found = `the page holding the answer was the first source for ${top}/${questions.length} and among the sources for ${anywhere}/${questions.length}`;
      ctx.say(
        `chat, ${questions.length} questions on pages ${questions[0]!.page}…${questions[questions.length - 1]!.page}: p50 ${p50.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms, max ${Math.max(...chatMs).toFixed(0)} ms; ${found}`,
      );
      for (const m of misses) ctx.say(`  not found: ${m}`);
      timings.push({
        label: 'files: chat, 500-page PDF (sequential)',
        description:
          `POST /v1/file/chat {file_id, message} about the 500-page PDF: ${questions.length} different questions (e.g. "${questions[0]!.question}"), each about two ` +
          `words of one sentence of a page spread through the book, one at a time after ${warmups.length} warm-ups; p50 = median ${p50.toFixed(0)} ms, ` +
          `p90 ${p90.toFixed(0)} ms; ${found}`,
        samplesS: chatMs,
        unit: 'ms',
        ok: true,
        note: polledChats ? `${polledChats} chat(s) answered 202 and were polled` : undefined,
        targets: [{ stat: 'median', op: '<', value: 250 }],
      });

      // The same questions as a load row (1 connection, so still one at a time), for its share of the baseline.
      let next = 0;
      const result = await measure({
        name: 'POST /v1/file/chat (500-page PDF)',
        url: `${ctx.apiUrl}/v1/file/chat`,
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ file_id: fileId, message: questions[0]!.question }),
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ file_id: fileId, message: questions[next++ % questions.length]!.question }) }),
        connections: 1,
        durationS: ctx.durationS,
        warmupS: ctx.warmupS,
        timeoutS: 30,
      });
      rows.push({
        label: 'files: chat 500-page PDF (1 conn)',
        kind: 'diagnostic',
        description: `POST /v1/file/chat cycling through the same ${questions.length} questions on one connection (so one at a time, as in the sequential timing), under autocannon`,
        result,
      });

      return { rows, timings };
    } finally {
      await sql.end({ timeout: 5 });
    }
  },
};
