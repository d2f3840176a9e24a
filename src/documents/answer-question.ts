import type { DbOrTx } from '../db/client';
import type { DocumentRow } from '../db/queries/documents';
import { searchPassages } from '../db/queries/document-search';
import { runCsvPlan } from '../db/queries/document-table';
import { EmbeddingsProviderError, embedQuestion, type Embedder, localEmbedder } from '../engines/embeddings/embedder';
import { answerFromCsvResult, answerFromPassages, planCsvQuestion, questionTerms, type FileChatProvider } from '../engines/filechat';
import { type CsvRefusal, csvRefusal, quotesSeveralRows, refusalAnswer } from '../engines/filechat/csv-unplanned';
import type { ChatAnswer, CsvTable, RetrievedPassage } from '../engines/filechat/types';

/** What one document offers for a question: a computed table answer, or the passages retrieval found. */
export interface Evidence {
  /** A table question computed exactly from the rows. */
  computed?: ChatAnswer;
  passages: RetrievedPassage[];
  /** A table question the planner could not compute: said so, rather than answered with a dump of rows. */
  refusal?: CsvRefusal & { table: CsvTable };
}

/**
 * Answers one question about one document. A question about a table's data is computed exactly from its
 * rows; anything else is answered from the passages retrieval finds. The provider only words the answer:
 * the sources are always the engine's own.
 */
export async function answerQuestion(
  deps: { db: DbOrTx; provider: FileChatProvider; embedder?: Embedder },
  doc: DocumentRow,
  question: string,
  signal?: AbortSignal,
): Promise<ChatAnswer> {
  const { computed, passages, refusal } = await gatherEvidence(deps, doc, question);
  const answered = draftOf({ computed, passages, ...(refusal ? { refusal } : {}) }, question);
  const answer = await deps.provider.compose({ question, passages, draft: answered, ...(computed ? { facts: computed.answer } : {}) }, signal);
  return { answer, sources: answered.sources };
}

export async function gatherEvidence(deps: { db: DbOrTx; embedder?: Embedder }, doc: DocumentRow, question: string): Promise<Evidence> {
  if (doc.kind === 'csv' && doc.columns) {
    const table: CsvTable = { header: doc.columns.map((c) => c.name), columns: doc.columns, rowCount: doc.pageCount };
    const plan = planCsvQuestion(question, table);
    if (plan) {
      const computed = answerFromCsvResult(plan, table, await runCsvPlan(deps.db, doc.id, doc.columns, plan));
      const passages = computed.sources.map((s, i) => ({ page: s.page, rowEnd: lastCitedRow(s.excerpt, s.page), content: s.excerpt, score: 1 / (i + 1) }));
      return { computed, passages };
    }
    const refusal = csvRefusal(question, table);
    if (!refusal.unlessOneRow) return { passages: [], refusal: { ...refusal, table } };
    const passages = await searchPassages(deps.db, { id: doc.id, searchConfig: doc.searchConfig }, question, questionTerms(question));
    return { passages, refusal: { ...refusal, table } };
  }
  // Until the `file.embed` job has given every passage its sentence vectors by the configured embedder (after
  // the upload, or after a change of embedder), the word vectors stand in: never a question's vector against
  // another model's.
  const embedder = deps.embedder ?? localEmbedder;
  const vector = doc.meaningIndexedAt && doc.meaningModel === embedder.id ? await questionVector(embedder, question) : undefined;
  const asked = vector ? { vector, model: embedder.id } : undefined;
  return { passages: await searchPassages(deps.db, { id: doc.id, searchConfig: doc.searchConfig }, question, questionTerms(question), 8, asked) };
}

/** The question's vector; none when the embeddings provider fails (after its retries): words answer then, as while indexing. */
async function questionVector(embedder: Embedder, question: string): Promise<Float32Array | undefined> {
  try {
    return await embedQuestion(embedder, question);
  } catch (err) {
    if (err instanceof EmbeddingsProviderError) return undefined;
    throw err;
  }
}

/** The engine's own answer from one document's evidence. */
export function draftOf(evidence: Evidence, question: string): ChatAnswer {
  if (evidence.computed) return evidence.computed;
  const { refusal } = evidence;
  if (refusal && !refusal.unlessOneRow) return { answer: refusal.answer, sources: [] };
  const extracted = answerFromPassages(question, evidence.passages);
  // A table question not computed is never answered with several rows: they would read as the answer.
  if (refusal && quotesSeveralRows(extracted.answer, refusal.table)) return refusalAnswer(refusal, extracted);
  return extracted;
}

/** A CSV source's excerpt names its range (`rows 41-60: …`, `row 9: …`). */
function lastCitedRow(excerpt: string, first: number): number {
  const range = /^rows? \d+(?:-(\d+))?:/.exec(excerpt);
  return range?.[1] ? Number(range[1]) : first;
}
