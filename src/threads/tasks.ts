import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { CsvSummary } from '../engines/documents/csv';
import type { DocumentLimits } from '../engines/documents/limits';
import type { Passage } from '../engines/documents/types';
import type { ImageRequest } from '../engines/image/types';
import type { Exclusion, Normalizer, PlagiarismParams } from '../engines/plagiarism';
import type { SpeakerProfile, SpeechProgress, SpeechRequest, SpeechResult } from '../engines/voice/types';
import type { Alignment, CandidateText, QueryLookup } from '../engines/plagiarism/check-work';
import type { PlagiarismLexicon } from '../engines/plagiarism/index';

/**
 * The work an engine thread can do: one entry per CPU-heavy engine call, taking and returning plain
 * (structured-cloneable) data. Engines are imported on a task's first run, so a thread that only
 * speaks never loads the canvas or pdf.js. Only the thread imports this module's values; the main
 * thread uses its types.
 */

export interface TaskContext<E> {
  /**
   * Sends an event to the caller. The promise settles once the caller has handled it (rejecting with
   * the caller's error): await it to let a slow consumer hold the work back.
   */
  emit(event: E): Promise<void>;
  signal: AbortSignal;
}

type Task<I, O, E = never> = (input: I, ctx: TaskContext<E>) => Promise<O>;

export interface PdfPageEvent {
  page: number;
  of: number;
  passages: Passage[];
  /** The page had no usable text layer and was read by text recognition. */
  recognized?: boolean;
}

export interface CsvRowsEvent {
  rows: string[][];
  firstRowNumber: number;
  passages: Passage[];
}

export const TASKS = {
  /** Speaks `req` into an MP3 at `outPath` (the thread writes the file), reporting progress per chunk. */
  'speech.synthesize': (async ({ req, outPath }, { emit, signal }) => {
    const { createLocalSpeechProvider } = await import('../engines/voice/local-provider');
    return localSpeech(createLocalSpeechProvider).synthesize(req, outPath, {
      signal,
      // Progress is only logged: the thread does not wait for it.
      onProgress: (p) => void emit(p).catch(() => {}),
    });
  }) satisfies Task<{ req: SpeechRequest; outPath: string }, SpeechResult, SpeechProgress>,

  /** A cloning sample's speaker profile: decode, pitch, rate and brightness of the audio file at `path`. */
  'voice.analyze': (async ({ path }) => {
    const { analyzeSpeaker } = await import('../engines/voice/analysis');
    return analyzeSpeaker(await readFile(path));
  }) satisfies Task<{ path: string }, SpeakerProfile>,

  /** PNG bytes of the built-in renderer's picture, and its revised prompt. */
  'image.render': (async (req) => {
    const { renderImage } = await import('../engines/image/render-image');
    const { png, revisedPrompt } = renderImage(req);
    return { png: new Uint8Array(png.buffer, png.byteOffset, png.length), revisedPrompt };
  }) satisfies Task<ImageRequest, { png: Uint8Array; revisedPrompt: string }>,

  /**
   * A PDF's passages page by page; the caller stores each page before the next is read. Every page's
   * text layer is read first and the file checked against the limits (pages, scanned pages, text,
   * passages, the images of pages to be drawn), so a file over one is refused before any work is stored
   * or any page recognized. A page without a text layer (a scan) is then rendered and read by tesseract,
   * whose worker serves every such page of the document and ends with it.
   */
  'document.pdf': (async ({ path, limits: given }, { emit, signal }) => {
    const limits = given ?? (await import('../engines/documents/limits')).DEFAULT_DOCUMENT_LIMITS;
    const { openPdf, pagePassages, readScannedPages, surveyPdf } = await import('../engines/documents');
    const data = new Uint8Array(await readFile(path));
    const pdf = await openPdf(data, { maxImagePixels: limits.maxImagePixels });
    try {
      const survey = await surveyPdf(pdf, data, limits, signal);
      for await (const page of readScannedPages(pdf, survey, signal)) {
        signal.throwIfAborted();
        await emit({ page: page.page, of: pdf.pageCount, passages: pagePassages(page), ...(page.recognized ? { recognized: true } : {}) });
      }
      return { pageCount: pdf.pageCount };
    } finally {
      await pdf.close();
    }
  }) satisfies Task<{ path: string; limits?: DocumentLimits }, { pageCount: number }, PdfPageEvent>,

  /** A .docx's passages and its last page; reading stops at the text limit, and the passages are counted before they are sent. */
  'document.docx': (async ({ path, limits: given }) => {
    const limits = given ?? (await import('../engines/documents/limits')).DEFAULT_DOCUMENT_LIMITS;
    const { readDocx, blockPassages } = await import('../engines/documents');
    const { tooManyPassages } = await import('../engines/documents/limits');
    const blocks = await readDocx(path, { maxTextChars: limits.maxTextChars });
    const passages = blockPassages(blocks);
    if (passages.length > limits.maxPassages) throw tooManyPassages(passages.length.toLocaleString('en-US'), limits.maxPassages);
    return { pageCount: blocks.reduce((last, b) => Math.max(last, b.page), 1), passages };
  }) satisfies Task<{ path: string; limits?: DocumentLimits }, { pageCount: number; passages: Passage[] }>,

  /**
   * A CSV's rows and their passages in batches; the caller stores each batch before the next is parsed.
   * A file with more lines than the row limit has its rows counted first (a parse that stores nothing,
   * stopped at the limit), so a table over the limit is refused before any row is written.
   */
  'document.csv': (async ({ path, limits: given }, { emit, signal }) => {
    const limits = given ?? (await import('../engines/documents/limits')).DEFAULT_DOCUMENT_LIMITS;
    const { readCsv, rowPassages } = await import('../engines/documents');
    // A table has no more rows than lines: most never need the counting parse.
    if ((await countNewlines(createReadStream(path))) > limits.maxRows) {
      const counting = createReadStream(path);
      try {
        await readCsv(counting, async () => signal.throwIfAborted(), { maxRows: limits.maxRows, batchSize: 10_000 });
      } finally {
        counting.destroy();
      }
    }
    const input = createReadStream(path);
    try {
      return await readCsv(
        input,
        async (rows, firstRowNumber, header) => {
          signal.throwIfAborted();
          await emit({ rows, firstRowNumber, passages: rowPassages(header, rows, firstRowNumber) });
        },
        { maxRows: limits.maxRows },
      );
    } finally {
      input.destroy();
    }
  }) satisfies Task<{ path: string; limits?: DocumentLimits }, CsvSummary, CsvRowsEvent>,

  /** A plagiarism check's submission normalised: its token count and the k-gram hashes to look up. */
  'plagiarism.query': (async ({ text, k, lexicon, exclude }) => {
    const { prepareQuery, queryLookup } = await import('../engines/plagiarism/check-work');
    return queryLookup(prepareQuery(await plagiarismNormalizer(lexicon), text, k, exclude));
  }) satisfies Task<{ text: string; k: number; lexicon: PlagiarismLexicon; exclude: Exclusion[] }, QueryLookup>,

  /** A plagiarism check's passages against the candidate documents the caller loaded, and its score. */
  'plagiarism.align': (async ({ text, candidates, params, lexicon, exclude }) => {
    const { alignCandidates } = await import('../engines/plagiarism/check-work');
    return alignCandidates(await plagiarismNormalizer(lexicon), text, candidates, params, exclude);
  }) satisfies Task<{ text: string; candidates: CandidateText[]; params: PlagiarismParams; lexicon: PlagiarismLexicon; exclude: Exclusion[] }, Alignment>,

  /** Ends the thread the way a native crash would; for the pool's tests. */
  /**
   * Packed sentence-encoder vectors (src/engines/embeddings/sentence-encoder.ts), one `Buffer` of
   * SENTENCE_DIMS int8 bytes per group of texts: the model runs for seconds on a long document, so here
   * rather than on the event loop. A thread that has encoded keeps the model loaded.
   */
  'sentences.encode': (async ({ groups }) => {
    const { encodeGroups } = await import('../engines/embeddings/sentence-encoder');
    return encodeGroups(groups);
  }) satisfies Task<{ groups: string[][] }, Uint8Array[]>,

  'debug.exit-thread': (async (_input: Record<string, never>) => {
    process.exit(70);
  }) satisfies Task<Record<string, never>, never>,
};

/** Line feeds in a stream, a byte scan (~10 ms for 20 MB). */
async function countNewlines(input: AsyncIterable<Buffer>): Promise<number> {
  let n = 0;
  for await (const chunk of input) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}

/** One local speech provider per thread, so its espeak instance stays warm between tasks. */
let speech: ReturnType<typeof import('../engines/voice/local-provider').createLocalSpeechProvider> | undefined;
function localSpeech(create: typeof import('../engines/voice/local-provider').createLocalSpeechProvider) {
  speech ??= create();
  return speech;
}

/** One normaliser per lexicon per thread: WordNet is read once, and the key cache stays warm between checks. */
const normalizers = new Map<PlagiarismLexicon, Promise<Normalizer>>();
function plagiarismNormalizer(lexicon: PlagiarismLexicon): Promise<Normalizer> {
  let pending = normalizers.get(lexicon);
  if (!pending) {
    pending = (async () => {
      const { createNormalizer } = await import('../engines/plagiarism');
      const { loadLexicon } = await import('../engines/lexicon');
      return createNormalizer(lexicon === 'wordnet' ? await loadLexicon() : null);
    })();
    pending.catch(() => normalizers.delete(lexicon));
    normalizers.set(lexicon, pending);
  }
  return pending;
}

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof TASKS)[N]>>;
export type TaskEvent<N extends TaskName> = Parameters<(typeof TASKS)[N]>[1] extends TaskContext<infer E> ? E : never;
