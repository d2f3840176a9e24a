import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '../db/client';
import {
  analyzeCorpus,
  corpusMaintenanceNeeded,
  countCorpusDocuments,
  countStaleCorpusDocuments,
  deleteCorpusDocument,
  deleteFingerprintsOf,
  findCorpusDocument,
  findCorpusDocumentsByUrl,
  findStaleCorpusDocuments,
  insertFingerprints,
  listCorpusDocuments,
  lockSourceForIndexing,
  markSourceIndexed,
  loadCandidateDocuments,
  lookupFingerprints,
  upsertCorpusDocuments,
  vacuumCorpus,
  type CorpusDocumentInput as CorpusRow,
  type CorpusDocumentRow,
  type CorpusDocumentSummary,
  type CorpusScope,
  type ExistingDocument,
  type FingerprintHit,
} from '../db/queries/corpus';
import {
  DEFAULT_PARAMS,
  createNormalizer,
  fingerprint,
  schemeOf,
  verdictFor,
  type Fingerprint,
  type KeyLexicon,
  type Normalizer,
  type PlagiarismParams,
  type Verdict,
  type Exclusion,
  type MatchDetail,
  type PlagiarismLexicon,
  type PlagiarismMatch,
} from '../engines/plagiarism';
import { randomString } from '../ids';
import type { EngineThreads } from '../threads/pool';
import { type Embedder, LOCAL_EMBEDDER_ID } from '../engines/embeddings/embedder';
import {
  alignCandidates,
  sentenceTexts,
  prepareQuery,
  queryLookup,
  type Alignment,
  type CandidateText,
  type PreparedQuery,
  type QueryLookup,
} from '../engines/plagiarism/check-work';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newDocumentId = () => `doc_${randomString(20, ID_ALPHABET)}`;

/** URLs longer than this are refused (they must fit a btree index entry with room to spare). */
export const MAX_URL_LENGTH = 2048;

export interface PlagiarismOptions {
  /** k, w and passage tuning; changing k or w changes the scheme, and checks then ignore documents indexed with another one. */
  params?: PlagiarismParams;
  /** Stored fingerprint rows read per looked-up hash; a hash with more is boilerplate and ignored. */
  perHashLimit?: number;
  /** Documents (most fingerprint hits first) whose text a check loads to align passages. */
  maxCandidates?: number;
  /** A document with this many fingerprint hits is a candidate… */
  minCandidateHits?: number;
  /** …and at most this many with fewer (but at least one) fill the places left. */
  maxSparseCandidates?: number;
  /** Matches listed in a check result (the score always counts every passage). */
  maxMatches?: number;
  /** Documents per transaction in `indexDocuments`. */
  batchSize?: number;
  /**
   * The lexicon an engine thread loads to normalise as this index does: `wordnet` (the shared WordNet
   * lexicon) or `none` (Porter stems only). Absent: checks always run in process (a custom lexicon).
   */
  threadLexicon?: PlagiarismLexicon;
}

export interface CheckOptions {
  /** Parts of the text left out of matching and of the score: quotations, a trailing references section. */
  exclude?: readonly Exclusion[];
  /**
   * Engine threads to normalise and align on, so a long text does not hold the event loop. Absent (scripts,
   * tests, benches), or when the index has no `threadLexicon`, the check runs in process, with the same result.
   */
  threads?: Pick<EngineThreads, 'run'>;
  /**
   * Sentence meaning from this embedder (a provider's model) rather than the built-in word vectors; the
   * built-in one (`local:use-lite`) keeps the word vectors. Alignment then runs here (the vectors are
   * fetched before it, over the network).
   */
  embedder?: Embedder;
  /**
   * What the text is compared with (default `all`): the account's own sources (`account`), the operator's
   * shared corpus (`shared`), or both. Never another account's documents, whatever the scope.
   */
  scope?: CorpusScope;
}

/** A match as a check answers it: which source it came from, and whether that is the account's own or the shared corpus. */
export interface CheckMatch extends PlagiarismMatch {
  source: { id: string; scope: 'account' | 'shared' };
}

export interface DocumentInput {
  url: string;
  /** Readable text (see `readableText` for HTML). */
  text: string;
  /** Absent or null: the public corpus. Otherwise private to that account. */
  accountId?: string | null;
  title?: string | null;
}

export type IndexStatus = 'inserted' | 'replaced' | 'unchanged';

export interface IndexResult {
  id: string;
  url: string;
  accountId: string | null;
  status: IndexStatus;
  tokenCount: number;
  fingerprints: number;
}

export interface BulkIndexResult {
  /** Distinct (scope, url) documents written or found unchanged; a URL given twice counts once (the last wins). */
  documents: number;
  inserted: number;
  replaced: number;
  unchanged: number;
  fingerprints: number;
  /** Maintenance done at the end: `vacuum` (VACUUM ANALYZE), `analyze`, or null. */
  maintenance: 'vacuum' | 'analyze' | null;
  ms: number;
}

export interface BulkIndexOptions {
  batchSize?: number;
  /** Batches written at the same time (each in its own transaction and connection). Default 3. */
  concurrency?: number;
  /**
   * `VACUUM (ANALYZE)` the corpus tables at the end: true always, false never. By default the statistics
   * decide, as autovacuum would (it may be off): a vacuum once 20% of the fingerprint rows were inserted
   * since the last one, an analyze once 10% changed. Fresh planner statistics keep a check's plan cheap
   * (stale ones inflate its cost estimate past the JIT threshold), and the visibility map lets its lookups be
   * index-only scans.
   */
  vacuum?: boolean;
  /** Called after each committed batch with the running totals. */
  onProgress?: (done: BulkIndexResult) => void;
}

export interface CheckResult {
  /** 0..1, share of the submitted text (normalised tokens) covered by matched passages; 3 decimals. */
  score: number;
  verdict: Verdict;
  matches: CheckMatch[];
}

export interface CheckStats {
  tokens: number;
  coveredTokens: number;
  hashes: number;
  hits: number;
  /** Hashes dropped as too common (more than `perHashLimit` stored rows). */
  commonHashes: number;
  candidates: number;
  /** SQL statements the check ran (constant: 0 for a text too short to fingerprint, else 1 or 2). */
  queries: number;
  ms: { normalize: number; lookup: number; load: number; align: number; total: number };
}

export interface CheckDetails extends CheckResult {
  /** Every passage (not capped by `maxMatches`), strongest first. */
  details: MatchDetail[];
  stats: CheckStats;
}

export interface ListOptions {
  accountId?: string | null;
  limit?: number;
  /** Keyset cursor: the last URL of the previous page. */
  afterUrl?: string;
}

export type DocumentRef = { url: string; accountId?: string | null } | { id: string; accountId?: string | null };

function sortByHash(cols: { hashes: number[]; docKeys: number[]; positions: number[] }) {
  const order = cols.hashes.map((_, i) => i).sort((a, b) => cols.hashes[a]! - cols.hashes[b]!);
  return { hashes: order.map((i) => cols.hashes[i]!), docKeys: order.map((i) => cols.docKeys[i]!), positions: order.map((i) => cols.positions[i]!) };
}

/** The URL and text as stored: the URL trimmed and checked, NUL characters (which Postgres text refuses) removed. */
function validDocument(doc: DocumentInput): { url: string; text: string } {
  if (typeof doc.url !== 'string' || typeof doc.text !== 'string') throw new TypeError('a corpus document needs a url and a text');
  const url = doc.url.trim();
  if (!url) throw new RangeError('a corpus document needs a url');
  if (url.length > MAX_URL_LENGTH) throw new RangeError(`a corpus document url is at most ${MAX_URL_LENGTH} characters`);
  return { url, text: doc.text.includes('\u0000') ? doc.text.replaceAll('\u0000', '') : doc.text };
}

const titleOf = (doc: DocumentInput) => doc.title?.trim() || null;

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const scopeKey = (accountId: string | null, url: string) => `${accountId ?? ''}\u0000${url}`;

interface Prepared {
  row: CorpusRow;
  fingerprints: Fingerprint[];
}

/**
 * The plagiarism corpus and checks over Postgres, with one normaliser (and so one lexicon) for the life of
 * the object. Methods take the database handle, so one instance serves every request.
 */
export class PlagiarismIndex {
  readonly params: PlagiarismParams;
  readonly scheme: string;
  readonly perHashLimit: number;
  readonly maxCandidates: number;
  readonly minCandidateHits: number;
  readonly maxSparseCandidates: number;
  readonly maxMatches: number;
  readonly batchSize: number;
  readonly normalizer: Normalizer;
  readonly threadLexicon: PlagiarismLexicon | null;

  constructor(lexicon: KeyLexicon | null, opts: PlagiarismOptions = {}) {
    this.params = opts.params ?? DEFAULT_PARAMS;
    this.scheme = schemeOf(this.params);
    this.perHashLimit = opts.perHashLimit ?? 100;
    this.maxCandidates = opts.maxCandidates ?? 40;
    this.minCandidateHits = opts.minCandidateHits ?? 2;
    this.maxSparseCandidates = opts.maxSparseCandidates ?? 10;
    this.maxMatches = opts.maxMatches ?? 50;
    this.batchSize = opts.batchSize ?? 1000;
    this.normalizer = createNormalizer(lexicon);
    this.threadLexicon = opts.threadLexicon ?? null;
  }

  /** Normalised tokens and winnowed fingerprints of a document, as they would be stored. Pure. */
  prepare(doc: DocumentInput, contentHash?: string): Prepared {
    const { url, text } = validDocument(doc);
    const norm = this.normalizer.normalize(text);
    const fingerprints = fingerprint(norm.keys, this.params.k, this.params.w);
    return {
      row: {
        id: newDocumentId(),
        accountId: doc.accountId ?? null,
        url,
        title: titleOf(doc),
        text,
        wordCount: norm.wordCount,
        tokenCount: norm.keys.length,
        contentHash: contentHash ?? sha256(text),
        scheme: this.scheme,
      },
      fingerprints,
    };
  }

  /** Adds a document, or replaces the one with the same URL in the same scope; one transaction. */
  async indexDocument(db: Db, doc: DocumentInput): Promise<IndexResult> {
    const prepared = this.prepare(doc);
    const [result] = await this.writeBatch(db, [prepared]);
    return result!;
  }

  /**
   * Bulk import: documents go in batches of `batchSize`. Per batch, one query finds the documents already
   * stored with the same text, title and scheme (those are skipped without being normalised); the rest are
   * written in one transaction of a handful of statements (upsert of the documents, delete of replaced
   * fingerprints, one INSERT … unnest of all new fingerprints, sorted by hash). Up to `concurrency` batches are
   * written at once while the next one is prepared. A failed batch stops the import and is thrown; batches
   * already committed stay (re-running the import is idempotent).
   */
  async indexDocuments(db: Db, docs: Iterable<DocumentInput>, opts: BulkIndexOptions = {}): Promise<BulkIndexResult> {
    const t0 = performance.now();
    const batchSize = Math.max(1, opts.batchSize ?? this.batchSize);
    const concurrency = Math.max(1, opts.concurrency ?? 3);
    // The last occurrence of a (scope, url) wins, like sequential indexDocument calls would.
    // Every document is checked before anything is written.
    const unique = new Map<string, DocumentInput>();
    for (const doc of docs) {
      const { url, text } = validDocument(doc);
      const key = scopeKey(doc.accountId ?? null, url);
      unique.delete(key);
      unique.set(key, { ...doc, url, text });
    }
    const all = [...unique.values()];
    const totals: BulkIndexResult = { documents: 0, inserted: 0, replaced: 0, unchanged: 0, fingerprints: 0, maintenance: null, ms: 0 };
    const tally = (results: IndexResult[]) => {
      for (const r of results) {
        totals.documents++;
        totals[r.status]++;
        totals.fingerprints += r.fingerprints;
      }
      totals.ms = performance.now() - t0;
      opts.onProgress?.({ ...totals });
    };
    const inflight = new Set<Promise<void>>();
    let failure: { error: unknown } | null = null;
    try {
      for (let i = 0; i < all.length && !failure; i += batchSize) {
        const batch = all.slice(i, i + batchSize);
        const hashes = batch.map((d) => sha256(d.text));
        const existing = await this.findExisting(db, batch);
        const toWrite: Prepared[] = [];
        const unchanged: IndexResult[] = [];
        batch.forEach((doc, j) => {
          const accountId = doc.accountId ?? null;
          const url = doc.url;
          const found = existing.get(scopeKey(accountId, url));
          const title = titleOf(doc);
          if (found && found.contentHash === hashes[j] && found.scheme === this.scheme && found.title === title) {
            unchanged.push({ id: found.id, url, accountId, status: 'unchanged', tokenCount: found.tokenCount, fingerprints: 0 });
          } else toWrite.push(this.prepare(doc, hashes[j]));
        });
        while (inflight.size >= concurrency) await Promise.race(inflight);
        if (failure) break;
        if (unchanged.length > 0) tally(unchanged);
        if (toWrite.length === 0) continue;
        const write: Promise<void> = this.writeBatch(db, toWrite).then(tally, (error: unknown) => {
          failure ??= { error };
        });
        const tracked = write.finally(() => inflight.delete(tracked));
        inflight.add(tracked);
      }
    } finally {
      // Never return (or throw) while a batch is still being written.
      await Promise.all(inflight);
    }
    if (failure) throw (failure as { error: unknown }).error;
    totals.maintenance = await this.maintain(db, opts.vacuum, totals.fingerprints > 0);
    totals.ms = performance.now() - t0;
    return totals;
  }

  private async findExisting(db: DbOrTx, docs: DocumentInput[]): Promise<Map<string, ExistingDocument>> {
    const byScope = new Map<string | null, string[]>();
    for (const d of docs) {
      const accountId = d.accountId ?? null;
      const urls = byScope.get(accountId);
      if (urls) urls.push(d.url.trim());
      else byScope.set(accountId, [d.url.trim()]);
    }
    const found = new Map<string, ExistingDocument>();
    for (const [accountId, urls] of byScope) {
      for (const row of await findCorpusDocumentsByUrl(db, accountId, urls)) found.set(scopeKey(accountId, row.url), row);
    }
    return found;
  }

  private async writeBatch(db: Db, prepared: Prepared[]): Promise<IndexResult[]> {
    if (prepared.length === 0) return [];
    // A stable lock order, so concurrent imports of overlapping URLs cannot deadlock.
    const sorted = [...prepared].sort((a, b) => {
      const ka = scopeKey(a.row.accountId, a.row.url);
      const kb = scopeKey(b.row.accountId, b.row.url);
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    const publicRows = sorted.filter((p) => p.row.accountId === null).map((p) => p.row);
    const privateRows = sorted.filter((p) => p.row.accountId !== null).map((p) => p.row);
    const byScope = new Map(sorted.map((p) => [scopeKey(p.row.accountId, p.row.url), p]));
    return db.transaction(async (tx) => {
      const upserted = [...(await upsertCorpusDocuments(tx, publicRows)), ...(await upsertCorpusDocuments(tx, privateRows))];
      await deleteFingerprintsOf(
        tx,
        upserted.filter((u) => !u.inserted).map((u) => u.key),
      );
      const cols = { hashes: [] as number[], docKeys: [] as number[], positions: [] as number[] };
      const results = new Map<string, IndexResult>();
      for (const u of upserted) {
        const key = scopeKey(u.accountId, u.url);
        const p = byScope.get(key)!;
        for (const f of p.fingerprints) {
          cols.hashes.push(f.hash);
          cols.docKeys.push(u.key);
          cols.positions.push(f.pos);
        }
        results.set(key, {
          id: u.id,
          url: u.url,
          accountId: u.accountId,
          status: u.inserted ? 'inserted' : 'replaced',
          tokenCount: p.row.tokenCount,
          fingerprints: p.fingerprints.length,
        });
      }
      // In hash order the index insertions walk the btree left to right: ~20% faster on a large index.
      await insertFingerprints(tx, sortByHash(cols));
      // Documents the upsert left alone had the same text, title and scheme already.
      const untouched = prepared.filter((p) => !results.has(scopeKey(p.row.accountId, p.row.url)));
      if (untouched.length > 0) {
        const existing = await this.findExisting(
          tx,
          untouched.map((p) => ({ url: p.row.url, accountId: p.row.accountId, text: '' })),
        );
        for (const p of untouched) {
          const key = scopeKey(p.row.accountId, p.row.url);
          const id = existing.get(key)?.id ?? '';
          results.set(key, { id, url: p.row.url, accountId: p.row.accountId, status: 'unchanged', tokenCount: p.row.tokenCount, fingerprints: 0 });
        }
      }
      return prepared.map((p) => results.get(scopeKey(p.row.accountId, p.row.url))!);
    });
  }

  /**
   * Fingerprints one source added through the API (`pending`) from its stored text and marks it `ready`, in
   * one transaction holding the row's lock: a delete running meanwhile waits, and a source deleted first is
   * left alone (null). Running it again rewrites the same fingerprints, so a retried job changes nothing.
   */
  async indexSource(db: Db, id: string): Promise<{ id: string; accountId: string | null; tokenCount: number; fingerprints: number } | null> {
    return db.transaction(async (tx) => {
      const row = await lockSourceForIndexing(tx, id);
      if (!row) return null;
      const norm = this.normalizer.normalize(row.text);
      const fingerprints = fingerprint(norm.keys, this.params.k, this.params.w);
      await deleteFingerprintsOf(tx, [row.key]);
      const cols = { hashes: [] as number[], docKeys: [] as number[], positions: [] as number[] };
      for (const f of fingerprints) {
        cols.hashes.push(f.hash);
        cols.docKeys.push(row.key);
        cols.positions.push(f.pos);
      }
      await insertFingerprints(tx, sortByHash(cols));
      await markSourceIndexed(tx, row.key, { wordCount: norm.wordCount, tokenCount: norm.keys.length, scheme: this.scheme });
      return { id: row.id, accountId: row.accountId, tokenCount: norm.keys.length, fingerprints: fingerprints.length };
    });
  }

  /** Removes a document of one scope (public when `accountId` is absent or null). True when it existed. */
  async removeDocument(db: Db, ref: DocumentRef): Promise<boolean> {
    const accountId = ref.accountId ?? null;
    return deleteCorpusDocument(db, accountId, 'url' in ref ? { url: ref.url.trim() } : { id: ref.id });
  }

  async getDocument(db: Db, ref: DocumentRef): Promise<CorpusDocumentRow | null> {
    const accountId = ref.accountId ?? null;
    return findCorpusDocument(db, accountId, 'url' in ref ? { url: ref.url.trim() } : { id: ref.id });
  }

  /** One scope's documents ordered by URL, without their text. */
  async listDocuments(db: Db, opts: ListOptions = {}): Promise<CorpusDocumentSummary[]> {
    return listCorpusDocuments(db, opts.accountId ?? null, { limit: Math.min(Math.max(opts.limit ?? 100, 1), 10_000), afterUrl: opts.afterUrl });
  }

  async countDocuments(db: Db, accountId: string | null = null): Promise<number> {
    return countCorpusDocuments(db, accountId);
  }

  /** VACUUM (ANALYZE) of the corpus tables. */
  async vacuum(db: Db): Promise<void> {
    await vacuumCorpus(db);
  }

  private async maintain(db: Db, vacuum: boolean | undefined, wrote: boolean): Promise<'vacuum' | 'analyze' | null> {
    const needed = vacuum === true ? 'vacuum' : vacuum === false || !wrote ? null : await corpusMaintenanceNeeded(db);
    if (needed === 'vacuum') await vacuumCorpus(db);
    else if (needed === 'analyze') await analyzeCorpus(db);
    return needed;
  }

  /** Documents fingerprinted with another scheme (other k/w): checks ignore them until `reindexStale`. */
  async countStale(db: Db): Promise<number> {
    return countStaleCorpusDocuments(db, this.scheme);
  }

  /** Re-fingerprints, from their stored text, every document indexed with another scheme. */
  async reindexStale(db: Db, opts: BulkIndexOptions = {}): Promise<BulkIndexResult> {
    const t0 = performance.now();
    const batchSize = Math.max(1, opts.batchSize ?? this.batchSize);
    const totals: BulkIndexResult = { documents: 0, inserted: 0, replaced: 0, unchanged: 0, fingerprints: 0, maintenance: null, ms: 0 };
    let afterKey = 0;
    for (;;) {
      const page = await findStaleCorpusDocuments(db, this.scheme, afterKey, batchSize * 4);
      if (page.length === 0) break;
      afterKey = page[page.length - 1]!.key;
      const r = await this.indexDocuments(db, page, { ...opts, vacuum: false, onProgress: undefined });
      for (const key of ['documents', 'inserted', 'replaced', 'unchanged', 'fingerprints'] as const) totals[key] += r[key];
      totals.ms = performance.now() - t0;
      opts.onProgress?.({ ...totals });
    }
    totals.maintenance = await this.maintain(db, opts.vacuum, totals.fingerprints > 0);
    totals.ms = performance.now() - t0;
    return totals;
  }

  /** Score, verdict and matches of `text` against the public corpus and `accountId`'s private documents. */
  async checkText(db: Db, accountId: string | null, text: string, opts: CheckOptions = {}): Promise<CheckResult> {
    const { score, verdict, matches } = await this.checkTextDetailed(db, accountId, text, opts);
    return { score, verdict, matches };
  }

  /**
   * The check with everything behind it. At most two SQL statements whatever the corpus size: every k-gram
   * hash of the submission looked up at once (per-hash capped, scoped to what the account may see), then the
   * texts of the best candidate documents; passages are aligned in memory (on an engine thread when
   * `opts.threads` is given and the index's lexicon can be rebuilt there).
   */
  async checkTextDetailed(db: Db, accountId: string | null, text: string, opts: CheckOptions = {}): Promise<CheckDetails> {
    const { k } = this.params;
    const t0 = performance.now();
    const work = this.checkWork(opts);
    const lookup = await work.prepare(text);
    const t1 = performance.now();
    const stats: CheckStats = {
      tokens: lookup.tokens,
      coveredTokens: 0,
      hashes: 0,
      hits: 0,
      commonHashes: 0,
      candidates: 0,
      queries: 0,
      ms: { normalize: t1 - t0, lookup: 0, load: 0, align: 0, total: 0 },
    };
    const ownSources = new Set<string>();
    const finish = (details: MatchDetail[], score: number): CheckDetails => {
      stats.ms.total = performance.now() - t0;
      const rounded = round3(score);
      const matches = details.slice(0, this.maxMatches).map(({ url, similarity, excerpt, breakdown, documentId }) => ({
        url,
        similarity,
        excerpt,
        breakdown,
        source: { id: documentId, scope: ownSources.has(documentId) ? ('account' as const) : ('shared' as const) },
      }));
      return { score: rounded, verdict: verdictFor(rounded), matches, details, stats };
    };
    if (lookup.tokens < k) return finish([], 0);

    stats.hashes = lookup.hashes.length;
    const hits = await lookupFingerprints(db, {
      hashes: Array.from(lookup.hashes),
      accountId,
      scheme: this.scheme,
      perHashLimit: this.perHashLimit + 1,
      scope: opts.scope,
    });
    stats.queries++;
    const t2 = performance.now();
    stats.ms.lookup = t2 - t1;
    stats.hits = hits.length;

    const perHash = new Map<number, number>();
    for (const h of hits) perHash.set(h.hash, (perHash.get(h.hash) ?? 0) + 1);
    const common = new Set<number>();
    for (const [hash, n] of perHash) if (n > this.perHashLimit) common.add(hash);
    stats.commonHashes = common.size;
    const perDoc = new Map<number, FingerprintHit[]>();
    for (const h of hits) {
      if (common.has(h.hash)) continue;
      const list = perDoc.get(h.docKey);
      if (list) list.push(h);
      else perDoc.set(h.docKey, [h]);
    }
    // Documents with enough hits first; a paraphrase can leave its source a single shared k-gram, so documents
    // with fewer fill up to `maxSparseCandidates` of the places left (sentence alignment then decides).
    const ranked = [...perDoc.entries()].sort((a, b) => b[1].length - a[1].length || a[0] - b[0]);
    const dense = ranked.filter(([, list]) => list.length >= this.minCandidateHits).slice(0, this.maxCandidates);
    const sparse = ranked
      .filter(([, list]) => list.length < this.minCandidateHits)
      .slice(0, Math.min(this.maxSparseCandidates, this.maxCandidates - dense.length));
    const candidates = [...dense, ...sparse];
    stats.candidates = candidates.length;
    if (candidates.length === 0) return finish([], 0);

    const docs = await loadCandidateDocuments(
      db,
      candidates.map(([key]) => key),
    );
    stats.queries++;
    for (const doc of docs) if (doc.accountId !== null) ownSources.add(doc.id);
    const t3 = performance.now();
    stats.ms.load = t3 - t2;

    const candidateTexts: CandidateText[] = docs.map((doc) => ({
      doc: { id: doc.id, url: doc.url, title: doc.title, text: doc.text },
      hits: perDoc.get(doc.key)!.map(({ hash, pos }) => ({ hash, pos })),
    }));
    const alignment = await work.align(text, candidateTexts);
    stats.coveredTokens = alignment.coveredTokens;
    stats.ms.align = performance.now() - t3;
    return finish(alignment.details, alignment.score);
  }

  /** The check's CPU-heavy phases: on an engine thread when one is given and can rebuild this normaliser, else here. */
  private checkWork(opts: CheckOptions): {
    prepare(text: string): Promise<QueryLookup>;
    align(text: string, candidates: CandidateText[]): Promise<Alignment>;
  } {
    const { threads, embedder } = opts;
    const lexicon = this.threadLexicon;
    const exclude = [...new Set(opts.exclude ?? [])];
    if (embedder && embedder.id !== LOCAL_EMBEDDER_ID) {
      let prepared: PreparedQuery | undefined;
      return {
        prepare: async (text) => queryLookup((prepared = prepareQuery(this.normalizer, text, this.params.k, exclude))),
        align: async (text, candidates) => {
          prepared ??= prepareQuery(this.normalizer, text, this.params.k, exclude);
          const texts = sentenceTexts(this.normalizer, candidates, this.params, prepared);
          const vectors = await embedder.embed(texts);
          const byText = new Map(texts.map((t, i) => [t, vectors[i]!]));
          const none = new Float32Array(vectors[0]?.length ?? 0);
          return alignCandidates(this.normalizer, text, candidates, this.params, exclude, prepared, (t) => byText.get(t) ?? none);
        },
      };
    }
    if (threads && lexicon) {
      // The align task normalises the submission again rather than receive its tokens (see queryLookup).
      return {
        prepare: (text) => threads.run('plagiarism.query', { text, k: this.params.k, lexicon, exclude }),
        align: (text, candidates) => threads.run('plagiarism.align', { text, candidates, params: this.params, lexicon, exclude }),
      };
    }
    let prepared: PreparedQuery | undefined;
    return {
      prepare: async (text) => queryLookup((prepared = prepareQuery(this.normalizer, text, this.params.k, exclude))),
      align: async (text, candidates) => alignCandidates(this.normalizer, text, candidates, this.params, exclude, prepared),
    };
  }
}
