import { callProvider, readJson } from '../provider-error';
import { NO_ANSWER } from './extractive';
import { FileChatProviderError } from './file-chat-provider-error';
import type { ComposeRequest, FileChatProvider } from './provider';
import type { RetrievedPassage } from './types';
import { chatOutputParams } from '../openai-chat-params';

export interface OpenAIFileChatProviderOptions {
  /** API root including the version, e.g. `http://host/v1`. */
  baseUrl: string;
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
  /** Cap on the answer's length; an answer is a few sentences, or a table of groups. */
  maxTokens?: number;
}

const DEFAULT_MODEL = 'gpt-4o-mini';
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_TOKENS = 1024;

interface ChatCompletion {
  choices?: Array<{ message?: { content?: unknown } }>;
}

/**
 * File chat through any OpenAI-compatible `/chat/completions` endpoint. The model only words the answer:
 * it sees the retrieved passages and, for a table, the computed result as fact; the sources shown with
 * the answer are the engine's, whatever the model says. Temperature 0, so the same question over the same
 * passages words the same way as far as the server allows.
 */
export function createOpenAIFileChatProvider(opts: OpenAIFileChatProviderOptions): FileChatProvider {
  const endpoint = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const model = opts.model ?? DEFAULT_MODEL;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxTokens = opts.maxTokens ?? DEFAULT_MAX_TOKENS;

  return {
    name: 'openai',
    async compose(req: ComposeRequest, signal?: AbortSignal): Promise<string> {
      const body = JSON.stringify({
        model,
        messages: [
          { role: 'system', content: fileChatSystemPrompt(req.facts, (req.history?.length ?? 0) > 0) },
          ...(req.history ?? []).flatMap((turn) => [
            { role: 'user', content: turn.question },
            { role: 'assistant', content: turn.answer },
          ]),
          { role: 'user', content: fileChatUserMessage(req.question, req.passages) },
        ],
        ...chatOutputParams(model, maxTokens, 0),
      });

      const json = await callProvider({
        endpoint,
        apiKey: opts.apiKey,
        body,
        timeoutMs,
        signal,
        server: 'file chat server',
        ErrorClass: FileChatProviderError,
        read: (res) => readJson<ChatCompletion, FileChatProviderError>(res, `file chat server at ${endpoint}`, FileChatProviderError),
      });

      const content = json.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new FileChatProviderError(`file chat server at ${endpoint} answered without choices[0].message.content`);
      const answer = content.trim();
      if (!answer) throw new FileChatProviderError(`file chat server at ${endpoint} answered with an empty message`);
      return answer;
    },
  };
}

/** The rules the model answers by; `facts`, when given, outrank anything the model would work out itself. */
export function fileChatSystemPrompt(facts?: string, followUp = false): string {
  const rules = [
    'You answer questions about a document the user uploaded, using ONLY the numbered passages from it that the user message provides.',
    'Rules:',
    '- Use only what the passages say. Do not add outside knowledge, do not guess, and cite or mention nothing that is not in the passages.',
    "- Quote the document's own words for the key facts and name where they come from as the passages are labelled, e.g. [p. 3] or [rows 41-60].",
    `- If the passages do not contain the answer, say so: reply "${NO_ANSWER}"`,
    '- Be brief: one to three sentences, or one line per item when listing. Answer in the language of the question.',
  ];
  if (followUp) {
    rules.push(
      '- The earlier messages are the conversation so far. Answer the last question, reading a follow-up ("and in 2023?", "who signed it?") in their light, still only from the passages of the last message.',
    );
  }
  if (facts) {
    rules.push(
      '- The computed result below was calculated exactly from the whole table and is authoritative. State its figures exactly as written, digit for digit; do not recompute, round, or contradict them, even if the passages show only part of the table.',
      '',
      'Computed result:',
      facts,
    );
  }
  return rules.join('\n');
}

/** The passages, numbered in retrieval order and labelled with their page (or CSV row range), then the question. */
export function fileChatUserMessage(question: string, passages: RetrievedPassage[]): string {
  // Over several files each passage names its file, so the model can say which one a fact is from.
  const several = new Set(passages.map((p) => p.fileId)).size > 1;
  const blocks = passages.map((p, i) => {
    const where = p.rowEnd !== undefined ? (p.rowEnd === p.page ? `[row ${p.page}]` : `[rows ${p.page}-${p.rowEnd}]`) : `[p. ${p.page}]`;
    const heading = p.heading ? ` (section: ${p.heading})` : '';
    const file = several && p.fileId ? ` ${p.fileId}` : '';
    return `[${i + 1}]${file} ${where}${heading}\n${p.content.trim()}`;
  });
  return `Passages:\n\n${blocks.length > 0 ? blocks.join('\n\n') : '(none)'}\n\nQuestion: ${question.trim()}`;
}
