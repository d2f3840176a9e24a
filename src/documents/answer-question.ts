import type { DbOrTx } from '../db/client';
import type { DocumentRow } from '../db/queries/documents';
import { searchPassages } from '../db/queries/document-search';
import { runCsvPlan } from '../db/queries/document-table';
import { answerFromCsvResult, answerFromPassages, planCsvQuestion, questionTerms, type FileChatProvider } from '../engines/filechat';
import type { ChatAnswer, CsvTable, RetrievedPassage } from '../engines/filechat/types';

/** What one document offers for a question: a computed table answer, or the passages retrieval found. */
export interface Evidence {
  /** A table question computed exactly from the rows. */
  computed?: ChatAnswer;
  passages: RetrievedPassage[];
}

/**
 * Answers one question about one document. A question about a table's data is computed exactly from its
 * rows; anything else is answered from the passages retrieval finds. The provider only words the answer:
 * the sources are always the engine's own.
 */
export async function answerQuestion(
  deps: { db: DbOrTx; provider: FileChatProvider },
  doc: DocumentRow,
  question: string,
  signal?: AbortSignal,
): Promise<ChatAnswer> {
  const { computed, passages } = await gatherEvidence(deps, doc, question);
  const answered = computed ?? answerFromPassages(question, passages);
  const answer = await deps.provider.compose({ question, passages, draft: answered, ...(computed ? { facts: computed.answer } : {}) }, signal);
  return { answer, sources: answered.sources };
}

export async function gatherEvidence(deps: { db: DbOrTx }, doc: DocumentRow, question: string): Promise<Evidence> {
  if (doc.kind === 'csv' && doc.columns) {
    const table: CsvTable = { header: doc.columns.map((c) => c.name), columns: doc.columns, rowCount: doc.pageCount };
    const plan = planCsvQuestion(question, table);
    if (plan) {
      const computed = answerFromCsvResult(plan, table, await runCsvPlan(deps.db, doc.id, doc.columns, plan));
      const passages = computed.sources.map((s, i) => ({ page: s.page, rowEnd: lastCitedRow(s.excerpt, s.page), content: s.excerpt, score: 1 / (i + 1) }));
      return { computed, passages };
    }
  }
  return { passages: await searchPassages(deps.db, { id: doc.id, searchConfig: doc.searchConfig }, question, questionTerms(question)) };
}

/** A CSV source's excerpt names its range (`rows 41-60: …`, `row 9: …`). */
function lastCitedRow(excerpt: string, first: number): number {
  const range = /^rows? \d+(?:-(\d+))?:/.exec(excerpt);
  return range?.[1] ? Number(range[1]) : first;
}
