import postgres from 'postgres';
import { makeScannedPdf } from '../../test/support/document-fixtures';
import { makeBook, uploadFile } from '../lib/documents';
import { loadVocabulary } from '../lib/english';
import { currentRssMiB, peakRssMiB, stopChild } from '../lib/processes';
import type { Scenario, ScenarioOutput, Timing } from '../lib/types';

const PAGES = 20;
const SEED = 16_016;
const INGEST_TIMEOUT_MS = 15 * 60_000;

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/**
 * Scanned PDFs through the API: a 20-page PDF with no text layer (generated prose rendered to noisy 150 DPI
 * page images) uploaded to a fresh files worker, which reads every page by text recognition. Reports the
 * upload's time per page and the worker's peak RSS (VmHWM: main thread, engine thread and tesseract's
 * worker together), and how many of the page's words the stored passages hold.
 */
export const scannedScenario: Scenario = {
  name: 'scanned: POST /v1/file/upload of a scanned PDF (text recognition)',
  kind: 'group',
  description: '20-page scanned PDF: ingestion time per page and files worker peak memory',
  async run(ctx): Promise<ScenarioOutput> {
    const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} });
    const timings: Timing[] = [];
    try {
      loadVocabulary();
      const book = makeBook(PAGES, SEED);
      const texts = book.pages.map((p) => p.text);
      const t = performance.now();
      const scan = await makeScannedPdf(texts, { dpi: 150 });
      const warm = await makeScannedPdf(['Warming up the files worker with one scanned page.'], { dpi: 150 });
      ctx.say(
        `made in ${((performance.now() - t) / 1000).toFixed(1)} s: a ${PAGES}-page scan (${book.words} words, noisy 150 DPI JPEG pages, no text layer), ${(scan.length / 2 ** 20).toFixed(2)} MiB`,
      );
      const worker = ctx.startChild('kiln worker (files, scan)', ['src/main.ts', 'worker'], { ...ctx.kilnEnv, WORKER_QUEUES: 'files' });
      try {
        await uploadFile(ctx, { bytes: warm, filename: 'warm-up-scan.pdf', type: 'application/pdf' }, { timeoutMs: 300_000, worker });
        const idleMiB = await currentRssMiB(worker);
        const up = await uploadFile(ctx, { bytes: scan, filename: 'scan.pdf', type: 'application/pdf' }, { timeoutMs: INGEST_TIMEOUT_MS, worker });
        const peakMiB = await peakRssMiB(worker);
        const [job] = await sql<{ job_ms: string; page_count: number }[]>`
          SELECT extract(epoch FROM j.completed_at - j.created_at) * 1000 AS job_ms, d.page_count
          FROM documents d JOIN jobs j ON j.id = d.id WHERE d.id = ${up.fileId}`;
        if (!job || job.page_count !== PAGES) throw new Error(`the ${PAGES}-page scan was stored as ${job?.page_count} pages`);
        const stored = await sql<{ content: string }[]>`SELECT content FROM document_passages WHERE document_id = ${up.fileId}`;
        const have = new Set(words(stored.map((r) => r.content).join(' ')));
        const source = texts.flatMap(words);
        const recall = source.filter((w) => have.has(w)).length / source.length;
        const jobS = Number(job.job_ms) / 1000;
        ctx.say(
          `${PAGES}-page scan: ${up.wallS.toFixed(1)} s (${(up.wallS / PAGES).toFixed(2)} s a page; job ${jobS.toFixed(1)} s); words found ${(100 * recall).toFixed(1)}%; ` +
            `worker RSS ${idleMiB.toFixed(0)} MiB idle, peak ${peakMiB.toFixed(0)} MiB`,
        );
        timings.push(
          {
            label: 'scanned: ingest 20-page scan, seconds a page',
            description:
              `POST /v1/file/upload of a ${PAGES}-page scanned PDF (generated prose, ${book.words} words, noisy 150 DPI), until the answer, over ${PAGES}; ` +
              `after a 1-page scanned warm-up; job row created → completed ${jobS.toFixed(1)} s; ${(100 * recall).toFixed(1)}% of the page words found in the passages`,
            samplesS: [up.wallS / PAGES],
            ok: true,
            note: up.polled ? 'answered 202 and was polled' : undefined,
            targets: [{ stat: 'max', op: '<', value: 2 }],
          },
          {
            label: 'scanned: worker peak RSS, 20-page scan',
            description: `VmHWM of a fresh files worker after the warm-up and the ${PAGES}-page scan; ${idleMiB.toFixed(0)} MiB idle after the warm-up`,
            samplesS: [peakMiB],
            unit: 'MiB',
            ok: true,
            targets: [{ stat: 'max', op: '<', value: 600 }],
          },
        );
      } finally {
        await stopChild(worker, 5_000);
      }
      return { rows: [], timings };
    } finally {
      await sql.end({ timeout: 5 });
    }
  },
};
