import { and, asc, count, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../client';
import { keysetPage, type Page, type PageRequest } from './keyset-page';
import type { DbOrTx } from '../client';
import { corpusDocuments } from '../schema/corpus';

/**
 * The plagiarism corpus. Big arrays travel as ONE array parameter (`sql.param(array)` + a cast), never as a
 * list of parameters, so a batch of any size is one statement.
 *
 * Scope: `accountId` null is the public corpus; a string is that account's private documents only.
 */

export type CorpusDocumentRow = typeof corpusDocuments.$inferSelect;
export type CorpusDocumentSummary = Omit<CorpusDocumentRow, 'text'>;

export interface CorpusDocumentInput {
  id: string;
  accountId: string | null;
  url: string;
  title: string | null;
  text: string;
  wordCount: number;
  tokenCount: number;
  contentHash: string;
  scheme: string;
}

export interface UpsertedDocument {
  key: number;
  id: string;
  url: string;
  accountId: string | null;
  /** True for a new URL, false when an existing document was replaced. */
  inserted: boolean;
}

const scopeOf = (accountId: string | null): SQL => (accountId === null ? isNull(corpusDocuments.accountId) : eq(corpusDocuments.accountId, accountId));

/**
 * Inserts documents, or replaces the text of those whose URL is already in their scope (the partial unique
 * index of that scope is the conflict target). A document whose content, title and scheme are unchanged is
 * left alone and NOT returned, so its fingerprints need no rewrite. All rows must share one scope kind (all
 * public or all private) and carry distinct (account, url) pairs.
 */
export async function upsertCorpusDocuments(db: DbOrTx, rows: CorpusDocumentInput[]): Promise<UpsertedDocument[]> {
  if (rows.length === 0) return [];
  const isPublic = rows[0]!.accountId === null;
  if (rows.some((r) => (r.accountId === null) !== isPublic)) throw new Error('upsertCorpusDocuments: mixed public and private rows');
  const d = corpusDocuments;
  const changed = sql`${d.contentHash} IS DISTINCT FROM excluded.content_hash OR ${d.scheme} IS DISTINCT FROM excluded.scheme OR ${d.title} IS DISTINCT FROM excluded.title`;
  const set = {
    text: sql`excluded.text`,
    title: sql`excluded.title`,
    wordCount: sql`excluded.word_count`,
    tokenCount: sql`excluded.token_count`,
    contentHash: sql`excluded.content_hash`,
    scheme: sql`excluded.scheme`,
    updatedAt: sql`now()`,
  };
  const insert = db.insert(d).values(rows);
  const upsert = isPublic
    ? insert.onConflictDoUpdate({ target: d.url, targetWhere: sql`account_id IS NULL`, set, setWhere: changed })
    : insert.onConflictDoUpdate({ target: [d.accountId, d.url], targetWhere: sql`account_id IS NOT NULL`, set, setWhere: changed });
  return upsert.returning({ key: d.key, id: d.id, url: d.url, accountId: d.accountId, inserted: sql<boolean>`(xmax = 0)` });
}

export async function deleteFingerprintsOf(db: DbOrTx, docKeys: number[]): Promise<void> {
  if (docKeys.length === 0) return;
  await db.execute(sql`DELETE FROM corpus_fingerprints WHERE doc_key = ANY(${sql.param(docKeys)}::int[])`);
}

/** Column arrays of fingerprint rows (same length): one INSERT … SELECT FROM unnest(…) whatever the count. */
export interface FingerprintColumns {
  hashes: number[];
  docKeys: number[];
  positions: number[];
}

export async function insertFingerprints(db: DbOrTx, cols: FingerprintColumns): Promise<void> {
  if (cols.hashes.length === 0) return;
  await db.execute(
    sql`INSERT INTO corpus_fingerprints (hash, doc_key, pos)
        SELECT * FROM unnest(${sql.param(cols.hashes)}::bigint[], ${sql.param(cols.docKeys)}::int[], ${sql.param(cols.positions)}::int[])`,
  );
}

export interface ExistingDocument {
  id: string;
  url: string;
  contentHash: string;
  scheme: string;
  title: string | null;
  tokenCount: number;
}

/** The documents of one scope among `urls`, to skip unchanged ones before fingerprinting them. */
export async function findCorpusDocumentsByUrl(db: DbOrTx, accountId: string | null, urls: string[]): Promise<ExistingDocument[]> {
  if (urls.length === 0) return [];
  return db
    .select({
      id: corpusDocuments.id,
      url: corpusDocuments.url,
      contentHash: corpusDocuments.contentHash,
      scheme: corpusDocuments.scheme,
      title: corpusDocuments.title,
      tokenCount: corpusDocuments.tokenCount,
    })
    .from(corpusDocuments)
    .where(and(scopeOf(accountId), sql`${corpusDocuments.url} = ANY(${sql.param(urls)}::text[])`));
}

const summaryColumns = {
  id: corpusDocuments.id,
  key: corpusDocuments.key,
  accountId: corpusDocuments.accountId,
  url: corpusDocuments.url,
  title: corpusDocuments.title,
  wordCount: corpusDocuments.wordCount,
  tokenCount: corpusDocuments.tokenCount,
  contentHash: corpusDocuments.contentHash,
  scheme: corpusDocuments.scheme,
  status: corpusDocuments.status,
  error: corpusDocuments.error,
  sizeBytes: corpusDocuments.sizeBytes,
  createdAt: corpusDocuments.createdAt,
  updatedAt: corpusDocuments.updatedAt,
};

export async function findCorpusDocument(db: DbOrTx, accountId: string | null, ref: { url: string } | { id: string }): Promise<CorpusDocumentRow | null> {
  const match = 'url' in ref ? eq(corpusDocuments.url, ref.url) : eq(corpusDocuments.id, ref.id);
  const [row] = await db
    .select()
    .from(corpusDocuments)
    .where(and(scopeOf(accountId), match));
  return row ?? null;
}

/** Removes a document (its fingerprints go by cascade). True when a row was removed. */
export async function deleteCorpusDocument(db: DbOrTx, accountId: string | null, ref: { url: string } | { id: string }): Promise<boolean> {
  const match = 'url' in ref ? eq(corpusDocuments.url, ref.url) : eq(corpusDocuments.id, ref.id);
  const gone = await db
    .delete(corpusDocuments)
    .where(and(scopeOf(accountId), match))
    .returning({ id: corpusDocuments.id });
  return gone.length > 0;
}

/** One scope's documents by URL (keyset pagination: pass the last URL of a page as `afterUrl`). */
export async function listCorpusDocuments(db: DbOrTx, accountId: string | null, opts: { limit: number; afterUrl?: string }): Promise<CorpusDocumentSummary[]> {
  const where = opts.afterUrl === undefined ? scopeOf(accountId) : and(scopeOf(accountId), gt(corpusDocuments.url, opts.afterUrl));
  return db.select(summaryColumns).from(corpusDocuments).where(where).orderBy(asc(corpusDocuments.url)).limit(opts.limit);
}

/**
 * VACUUM (ANALYZE) of the corpus tables after a bulk import: fresh statistics for the planner and an up to
 * date visibility map, so fingerprint lookups are index-only scans. Not inside a transaction. SKIP_LOCKED:
 * when another process is already vacuuming a table, this one does not queue behind it.
 */
export async function vacuumCorpus(db: DbOrTx): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE, SKIP_LOCKED) corpus_documents, corpus_fingerprints`);
}

export async function analyzeCorpus(db: DbOrTx): Promise<void> {
  await db.execute(sql`ANALYZE (SKIP_LOCKED) corpus_documents, corpus_fingerprints`);
}

/**
 * What the fingerprint table needs after writes, judged like autovacuum would (for servers where it is off
 * or slow): a vacuum once rows inserted since the last one exceed 20% of the table (and 100,000), an analyze
 * once rows changed since the last one exceed 10% (and 50,000). From the cumulative statistics, which lag a
 * little behind the writes.
 */
export async function corpusMaintenanceNeeded(db: DbOrTx): Promise<'vacuum' | 'analyze' | null> {
  const rows = await db.execute<{ live: string; inserted: string; modified: string }>(sql`
    SELECT n_live_tup AS live, n_ins_since_vacuum AS inserted, n_mod_since_analyze AS modified
    FROM pg_stat_user_tables WHERE relid = 'corpus_fingerprints'::regclass`);
  const row = rows[0];
  if (!row) return null;
  const live = Number(row.live);
  if (Number(row.inserted) > Math.max(100_000, 0.2 * live)) return 'vacuum';
  if (Number(row.modified) > Math.max(50_000, 0.1 * live)) return 'analyze';
  return null;
}

/** Documents fingerprinted with another scheme than `scheme`, by key (keyset pagination with `afterKey`). */
export async function findStaleCorpusDocuments(db: DbOrTx, scheme: string, afterKey: number, limit: number) {
  return db
    .select({
      key: corpusDocuments.key,
      url: corpusDocuments.url,
      accountId: corpusDocuments.accountId,
      title: corpusDocuments.title,
      text: corpusDocuments.text,
    })
    .from(corpusDocuments)
    .where(and(ne(corpusDocuments.scheme, scheme), gt(corpusDocuments.key, afterKey)))
    .orderBy(asc(corpusDocuments.key))
    .limit(limit);
}

export async function countStaleCorpusDocuments(db: DbOrTx, scheme: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(corpusDocuments).where(ne(corpusDocuments.scheme, scheme));
  return row?.n ?? 0;
}

export async function countCorpusDocuments(db: DbOrTx, accountId: string | null): Promise<number> {
  const [row] = await db.select({ n: count() }).from(corpusDocuments).where(scopeOf(accountId));
  return row?.n ?? 0;
}

/** Which documents a check compares with: the account's own sources, the operator's shared corpus, or both. */
export const CORPUS_SCOPES = ['account', 'shared', 'all'] as const;
export type CorpusScope = (typeof CORPUS_SCOPES)[number];

export interface FingerprintHit {
  hash: number;
  docKey: number;
  pos: number;
}

/**
 * Every stored fingerprint with one of `hashes`, in documents visible to `accountId` (the public corpus and,
 * for an account, its own private documents — never another account's) fingerprinted with `scheme`. At most
 * `perHashLimit` rows per hash: a caller seeing exactly that many treats the hash as too common to be
 * evidence (boilerplate) without the database ever reading all of its rows.
 */
export async function lookupFingerprints(
  db: DbOrTx,
  opts: { hashes: number[]; accountId: string | null; scheme: string; perHashLimit: number; scope?: CorpusScope },
): Promise<FingerprintHit[]> {
  if (opts.hashes.length === 0) return [];
  const scope = opts.scope ?? 'all';
  // `account` with no account (scripts checking the public corpus) sees nothing; never another account's rows.
  const visible =
    opts.accountId === null
      ? scope === 'account'
        ? sql`false`
        : sql`d.account_id IS NULL`
      : scope === 'shared'
        ? sql`d.account_id IS NULL`
        : scope === 'account'
          ? sql`d.account_id = ${opts.accountId}`
          : sql`(d.account_id IS NULL OR d.account_id = ${opts.accountId})`;
  // The visibility test is a correlated scalar subquery on purpose: Postgres never flattens it into a join, so
  // the plan always starts from the hash index (one probe per hash) and looks each hit's document up by its
  // key, whatever the statistics say (a join could be planned from the documents side on a fresh table).
  const rows = await db.execute<{ hash: string; doc_key: number; pos: number }>(sql`
    SELECT q.h AS hash, f.doc_key, f.pos
    FROM unnest(${sql.param(opts.hashes)}::bigint[]) AS q(h)
    CROSS JOIN LATERAL (
      SELECT f.doc_key, f.pos
      FROM corpus_fingerprints f
      WHERE f.hash = q.h
        AND (SELECT d.scheme = ${opts.scheme} AND d.status = 'ready' AND ${visible} FROM corpus_documents d WHERE d.key = f.doc_key)
      LIMIT ${opts.perHashLimit}
    ) f`);
  return rows.map((r) => ({ hash: Number(r.hash), docKey: r.doc_key, pos: r.pos }));
}

export interface CandidateDocument {
  key: number;
  id: string;
  accountId: string | null;
  url: string;
  title: string | null;
  text: string;
}

export async function loadCandidateDocuments(db: DbOrTx, docKeys: number[]): Promise<CandidateDocument[]> {
  if (docKeys.length === 0) return [];
  return db
    .select({
      key: corpusDocuments.key,
      id: corpusDocuments.id,
      accountId: corpusDocuments.accountId,
      url: corpusDocuments.url,
      title: corpusDocuments.title,
      text: corpusDocuments.text,
    })
    .from(corpusDocuments)
    .where(sql`${corpusDocuments.key} = ANY(${sql.param(docKeys)}::int[])`);
}

// ---- Sources an account adds through the API (POST /v1/plagiarism/sources) --------------------------------

/** A new `pending` source of an account (fingerprinted later by the corpus worker); null when the account already has one with that URL. */
export async function insertPendingSource(
  tx: Tx,
  row: Omit<CorpusDocumentInput, 'accountId'> & { accountId: string; sizeBytes: number },
): Promise<CorpusDocumentSummary | null> {
  const [inserted] = await tx
    .insert(corpusDocuments)
    .values({ ...row, status: 'pending' })
    .onConflictDoNothing({ target: [corpusDocuments.accountId, corpusDocuments.url], where: sql`account_id IS NOT NULL` })
    .returning(summaryColumns);
  return inserted ?? null;
}

/** One of the account's sources by id (never a public document, never another account's), without its text. */
export async function findAccountSource(db: DbOrTx, accountId: string, id: string): Promise<CorpusDocumentSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(corpusDocuments)
    .where(and(eq(corpusDocuments.accountId, accountId), eq(corpusDocuments.id, id)));
  return row ?? null;
}

/** The account's sources newest first (ties by id): keyset pages over (created_at, id). */
export async function listAccountSources(
  db: DbOrTx,
  accountId: string,
  filters: { status?: CorpusDocumentSummary['status'] },
  page: PageRequest,
): Promise<Page<CorpusDocumentSummary>> {
  return keysetPage(corpusDocuments, page, ({ where, orderBy, limit }) =>
    db
      .select(summaryColumns)
      .from(corpusDocuments)
      .where(and(eq(corpusDocuments.accountId, accountId), filters.status ? eq(corpusDocuments.status, filters.status) : undefined, where))
      .orderBy(...orderBy)
      .limit(limit),
  );
}

/**
 * Locks a source for indexing and returns it with its text; null when it was deleted meanwhile. In the
 * transaction that writes its fingerprints, so a delete either waits for the index or wins before it.
 */
export async function lockSourceForIndexing(tx: Tx, id: string): Promise<(CorpusDocumentRow & { key: number }) | null> {
  const [row] = await tx.select().from(corpusDocuments).where(eq(corpusDocuments.id, id)).for('update');
  return row ?? null;
}

export async function markSourceIndexed(tx: Tx, key: number, r: { wordCount: number; tokenCount: number; scheme: string }): Promise<void> {
  await tx
    .update(corpusDocuments)
    .set({ ...r, status: 'ready', error: null, updatedAt: sql`now()` })
    .where(eq(corpusDocuments.key, key));
}

/** A source that could not be indexed: `failed` with the reason, and no fingerprints. Null when it no longer exists. */
export async function markSourceFailed(tx: Tx, id: string, error: string): Promise<CorpusDocumentSummary | null> {
  const [row] = await tx
    .update(corpusDocuments)
    .set({ status: 'failed', error, updatedAt: sql`now()` })
    .where(and(eq(corpusDocuments.id, id), ne(corpusDocuments.status, 'ready')))
    .returning(summaryColumns);
  return row ?? null;
}

/** Deletes one of the account's sources (its fingerprints go by cascade); the deleted row, or null. */
export async function deleteAccountSource(tx: Tx, accountId: string, id: string): Promise<CorpusDocumentSummary | null> {
  const [row] = await tx
    .delete(corpusDocuments)
    .where(and(eq(corpusDocuments.accountId, accountId), eq(corpusDocuments.id, id)))
    .returning(summaryColumns);
  return row ?? null;
}
