/**
 * Plagiarism detection over the Postgres corpus: indexing (one document or bulk imports), listing, removal
 * and checks. The module-level functions share one `PlagiarismIndex` whose WordNet lexicon is loaded once per
 * process on first use; `createPlagiarismIndex` builds another (other parameters, or no lexicon).
 */
import type { Db } from '../db/client';
import { loadLexicon } from '../engines/lexicon';
import type { KeyLexicon } from '../engines/plagiarism';
import {
  PlagiarismIndex,
  type BulkIndexOptions,
  type BulkIndexResult,
  type CheckDetails,
  type CheckOptions,
  type CheckResult,
  type DocumentInput,
  type DocumentRef,
  type IndexResult,
  type ListOptions,
  type PlagiarismOptions,
} from './service';

export {
  PlagiarismIndex,
  MAX_URL_LENGTH,
  type BulkIndexOptions,
  type BulkIndexResult,
  type CheckDetails,
  type CheckMatch,
  type CheckOptions,
  type CheckResult,
  type CheckStats,
  type DocumentInput,
  type DocumentRef,
  type IndexResult,
  type IndexStatus,
  type ListOptions,
  type PlagiarismOptions,
} from './service';
export { readableText, readableDocument, htmlTitle } from './readable';
export { CORPUS_SCOPES, type CorpusDocumentRow, type CorpusDocumentSummary, type CorpusScope } from '../db/queries/corpus';
export {
  DEFAULT_PARAMS,
  schemeOf,
  verdictFor,
  VERDICT_THRESHOLDS,
  type MatchDetail,
  type PlagiarismLexicon,
  type PlagiarismMatch,
  type PlagiarismParams,
  type Verdict,
} from '../engines/plagiarism';

/**
 * A plagiarism index with its own options. `lexicon`: omitted → the shared WordNet lexicon (loaded once);
 * null → Porter stems only (no synonym canonicalisation; documents indexed so do not match checks made with
 * the lexicon, and vice versa, beyond identical stems). Checks of either kind can run on engine threads
 * (which load the same lexicon); a custom lexicon object keeps them in process.
 */
export async function createPlagiarismIndex(opts: PlagiarismOptions & { lexicon?: KeyLexicon | null } = {}): Promise<PlagiarismIndex> {
  const lexicon = opts.lexicon === undefined ? await loadLexicon() : opts.lexicon;
  const threadLexicon = opts.lexicon === undefined ? 'wordnet' : opts.lexicon === null ? 'none' : undefined;
  return new PlagiarismIndex(lexicon, { threadLexicon, ...opts });
}

let shared: Promise<PlagiarismIndex> | null = null;

/** The process-wide index with the default parameters and the WordNet lexicon. */
export function getPlagiarismIndex(): Promise<PlagiarismIndex> {
  if (!shared) {
    shared = createPlagiarismIndex();
    shared.catch(() => {
      shared = null;
    });
  }
  return shared;
}

export async function indexDocument(db: Db, doc: DocumentInput): Promise<IndexResult> {
  return (await getPlagiarismIndex()).indexDocument(db, doc);
}

export async function indexDocuments(db: Db, docs: Iterable<DocumentInput>, opts?: BulkIndexOptions): Promise<BulkIndexResult> {
  return (await getPlagiarismIndex()).indexDocuments(db, docs, opts);
}

export async function removeDocument(db: Db, ref: DocumentRef): Promise<boolean> {
  return (await getPlagiarismIndex()).removeDocument(db, ref);
}

export async function getDocument(db: Db, ref: DocumentRef) {
  return (await getPlagiarismIndex()).getDocument(db, ref);
}

export async function listDocuments(db: Db, opts?: ListOptions) {
  return (await getPlagiarismIndex()).listDocuments(db, opts);
}

export async function countDocuments(db: Db, accountId: string | null = null): Promise<number> {
  return (await getPlagiarismIndex()).countDocuments(db, accountId);
}

/** `accountId` null: the public corpus only. */
export async function checkText(db: Db, accountId: string | null, text: string, opts?: CheckOptions): Promise<CheckResult> {
  return (await getPlagiarismIndex()).checkText(db, accountId, text, opts);
}

/** `opts.threads`: normalise and align on the engine threads (the worker does); without, in process. */
export async function checkTextDetailed(db: Db, accountId: string | null, text: string, opts?: CheckOptions): Promise<CheckDetails> {
  return (await getPlagiarismIndex()).checkTextDetailed(db, accountId, text, opts);
}
