import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Passage } from '../../engines/documents/types';
import type { DbOrTx } from '../client';
import { documentPassages, documentRows, documents, jobs } from '../schema';
import { keysetPage, type Page, type PageRequest } from './keyset-page';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

/** Another account's document is simply not found. */
export async function findAccountDocument(db: DbOrTx, accountId: string, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.accountId, accountId)));
  return row ?? null;
}

/** Idempotent: a second run of the same ingestion leaves the first row as it was (and gets null). */
export async function insertDocument(db: DbOrTx, row: NewDocument): Promise<DocumentRow | null> {
  const [inserted] = await db.insert(documents).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/**
 * Appends passages with their full-text vector computed by Postgres in the document's own text search
 * configuration (one statement per batch: the vectors never travel over the wire), and their embedding.
 */
export async function insertPassages(
  db: DbOrTx,
  doc: { documentId: string; accountId: string; searchConfig: string },
  firstOrdinal: number,
  passages: readonly (Passage & { embedding?: Uint8Array })[],
): Promise<void> {
  if (passages.length === 0) return;
  const rows = passages.map((p, i) => ({
    ordinal: firstOrdinal + i,
    page: p.page,
    row_end: p.rowEnd ?? null,
    heading: p.heading ?? null,
    content: p.content,
    embedding: p.embedding ? Buffer.from(p.embedding).toString('hex') : null,
  }));
  await db.execute(sql`
    INSERT INTO ${documentPassages} (document_id, account_id, ordinal, page, row_end, heading, content, tsv, embedding)
    SELECT ${doc.documentId}, ${doc.accountId}, r.ordinal, r.page, r.row_end, r.heading, r.content,
           to_tsvector(${doc.searchConfig}::regconfig, coalesce(r.heading || ' ', '') || r.content),
           decode(r.embedding, 'hex')
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(ordinal int, page int, row_end int, heading text, content text, embedding text)
    ON CONFLICT DO NOTHING`);
}

/** One statement per batch, the rows passed as two arrays: building a 500-row VALUES list costs more than Postgres's own work. */
export async function insertRows(db: DbOrTx, doc: { documentId: string; accountId: string }, firstRowNumber: number, rows: readonly string[][]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO ${documentRows} (document_id, account_id, row_number, cells)
    SELECT ${doc.documentId}, ${doc.accountId}, ${firstRowNumber}::int + r.i - 1, ARRAY(SELECT jsonb_array_elements_text(r.cells))
    FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS r(cells, i)
    ON CONFLICT DO NOTHING`);
}

/** Removes everything ingestion wrote for a document (an earlier attempt's partial work, or a failed upload). */
export async function deleteDocumentContent(db: DbOrTx, documentId: string): Promise<void> {
  await db.delete(documentPassages).where(eq(documentPassages.documentId, documentId));
  await db.delete(documentRows).where(eq(documentRows.documentId, documentId));
}

/** GET /v1/files: the account's ingested documents, newest first (uploads still parsing or refused have no row). */
export async function listAccountDocuments(db: DbOrTx, accountId: string, page: PageRequest): Promise<Page<DocumentRow>> {
  return keysetPage(documents, page, ({ where, orderBy, limit }) =>
    db
      .select()
      .from(documents)
      .where(and(eq(documents.accountId, accountId), where))
      .orderBy(...orderBy)
      .limit(limit),
  );
}

/**
 * Uploads with no document (yet): still being parsed, or refused by the ingestion (their job failed). The
 * job row is all there is of them, with what the upload route read of the file as its input.
 */
export async function listUnfinishedUploads(db: DbOrTx, accountId: string, limit: number) {
  return db
    .select({ id: jobs.id, status: jobs.status, input: jobs.input, error: jobs.error, createdAt: jobs.createdAt })
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.kind, 'file.ingest'), ne(jobs.status, 'succeeded')))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}

/**
 * Removes a document and everything stored with it in Postgres: passages, rows and its upload's job row
 * (whose stored answer would otherwise still describe the file). One transaction, so of two concurrent
 * deletes exactly one gets the row back. The caller removes the blob. Null when there is no such document.
 */
export async function deleteAccountDocument(db: DbOrTx, accountId: string, id: string): Promise<DocumentRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(documents)
      .where(and(eq(documents.id, id), eq(documents.accountId, accountId)))
      .returning();
    if (!row) return null;
    await deleteDocumentContent(tx, row.id);
    await tx.delete(jobs).where(and(eq(jobs.id, row.id), eq(jobs.accountId, accountId)));
    return row;
  });
}
