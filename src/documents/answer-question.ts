import type { DbOrTx } from '../db/client';
import type { DocumentRow } from '../db/queries/documents';
import { searchPassages } from '../db/queries/document-search';
import { runCsvPlan } from '../db/queries/document-table';
import { answerFromCsvResult, answerFromPassages, planCsvQuestion, questionTerms, type FileChatProvider } from '../engines/filechat';
import type { ChatAnswer, CsvTable, RetrievedPassage } from '../engines/filechat/types';

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
  let draft: ChatAnswer | null = null;
  let passages: RetrievedPassage[] = [];
  let facts: string | undefined;

  if (doc.kind === 'csv' && doc.columns) {
    const table: CsvTable = { header: doc.columns.map((c) => c.name), columns: doc.columns, rowCount: doc.pageCount };
    const plan = planCsvQuestion(question, table);
    if (plan) {
      const computed = answerFromCsvResult(plan, table, await runCsvPlan(deps.db, doc.id, doc.columns, plan));
      draft = computed;
      facts = computed.answer;
      passages = computed.sources.map((s, i) => ({ page: s.page, rowEnd: lastCitedRow(s.excerpt, s.page), content: s.excerpt, score: 1 / (i + 1) }));
    }
  }
  if (!draft) {
    passages = await searchPassages(deps.db, { id: doc.id, searchConfig: doc.searchConfig }, question, questionTerms(question));
  }
  const answered = draft ?? answerFromPassages(question, passages);
  const answer = await deps.provider.compose({ question, passages, draft: answered, ...(facts ? { facts } : {}) }, signal);
  return { answer, sources: answered.sources };
}

/** A CSV source's excerpt names its range (`rows 41-60: …`, `row 9: …`). */
function lastCitedRow(excerpt: string, first: number): number {
  const range = /^rows? \d+(?:-(\d+))?:/.exec(excerpt);
  return range?.[1] ? Number(range[1]) : first;
}
