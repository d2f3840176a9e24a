import type { Embedder } from '../engines/embeddings/embedder';
import type { DbOrTx } from '../db/client';
import type { ConversationTurn } from '../db/queries/conversations';
import type { DocumentRow } from '../db/queries/documents';
import { answerFromPassages, type FileChatProvider } from '../engines/filechat';
import { quotesSeveralRows, refusalAnswer } from '../engines/filechat/csv-unplanned';
import { standaloneQuestion } from '../engines/filechat/follow-up';
import type { ChatAnswer, ChatSource, RetrievedPassage } from '../engines/filechat/types';
import { draftOf, gatherEvidence } from './answer-question';

/** Passages the answer is chosen from over several files: the best of all of them, as for one file. */
const MERGED_PASSAGES = 8;
/** spec 2.8: citations per answer. */
const MAX_SOURCES = 10;

export interface ChatTurnAnswer {
  answer: string;
  /** Every source names its file. */
  sources: (ChatSource & { fileId: string })[];
  /** The question as searched for, follow-ups resolved against the earlier turns. */
  standalone: string;
}

/**
 * Answers one turn of a conversation over one or more documents. A follow-up is first rewritten to stand
 * on its own (the local engine has no memory of its own); a model provider also sees the earlier turns.
 * Over several files, a table question computed exactly from any of them answers; otherwise the best
 * passages of all the files are pooled, so the answer comes from whichever file holds it.
 */
export async function answerChatTurn(
  deps: { db: DbOrTx; provider: FileChatProvider; embedder?: Embedder },
  docs: readonly DocumentRow[],
  question: string,
  history: readonly ConversationTurn[],
  signal?: AbortSignal,
): Promise<ChatTurnAnswer> {
  const standalone = standaloneQuestion(question, history);
  const evidence = await Promise.all(docs.map(async (doc) => ({ doc, ...(await gatherEvidence(deps, doc, standalone)) })));

  const computed = evidence.filter((e) => e.computed);
  let draft: ChatAnswer;
  let passages: RetrievedPassage[];
  let facts: string | undefined;
  if (computed.length > 0) {
    const several = computed.length > 1;
    draft = {
      answer: computed.map((e) => (several ? `${e.doc.filename}: ${e.computed!.answer}` : e.computed!.answer)).join('\n'),
      sources: computed.flatMap((e) => e.computed!.sources.map((s) => ({ ...s, fileId: e.doc.id }))).slice(0, MAX_SOURCES),
    };
    facts = draft.answer;
    passages = computed.flatMap((e) => e.passages.map((p) => ({ ...p, fileId: e.doc.id })));
  } else if (evidence.length === 1) {
    passages = evidence[0]!.passages.map((p) => ({ ...p, fileId: evidence[0]!.doc.id }));
    draft = draftOf(evidence[0]!, standalone);
  } else {
    passages = evidence
      .flatMap((e) => e.passages.map((p) => ({ ...p, fileId: e.doc.id })))
      .sort((a, b) => b.score - a.score)
      .slice(0, MERGED_PASSAGES);
    draft = answerFromPassages(standalone, passages);
    // Nothing found anywhere, but a table was asked what it cannot compute: say that rather than nothing.
    const refusal = evidence.find((e) => e.refusal?.computes)?.refusal;
    if (refusal && draft.sources.length === 0) draft = { answer: refusal.answer, sources: [] };
    // Several rows of a table quoted for a question it could not compute would read as the answer.
    const quoted = evidence.find((e) => e.refusal && quotesSeveralRows(draft.answer, e.refusal.table))?.refusal;
    if (quoted) draft = refusalAnswer(quoted, draft);
  }

  const turns = history.map((t) => ({ question: t.question, answer: t.answer }));
  const answer = await deps.provider.compose(
    { question: history.length > 0 ? question : standalone, passages, draft, ...(facts ? { facts } : {}), ...(turns.length > 0 ? { history: turns } : {}) },
    signal,
  );
  const only = docs[0]!.id;
  return { answer, standalone, sources: draft.sources.map((s) => ({ ...s, fileId: s.fileId ?? only })) };
}
