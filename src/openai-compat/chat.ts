import * as v from 'valibot';
import type { ChatMessage, TextRequest, TextResult } from '../engines/text';

/** Kiln's bound on one request's output (the text engine's `MAX_MAX_TOKENS`). */
export const CHAT_MAX_TOKENS = 8192;
/** Without `max_tokens` / `max_completion_tokens`: as POST /v1/text/generate. */
export const CHAT_DEFAULT_MAX_TOKENS = 1000;

const tokensField = v.optional(
  v.nullable(
    v.pipe(
      v.number(`must be an integer from 1 to ${CHAT_MAX_TOKENS}`),
      v.integer(`must be an integer from 1 to ${CHAT_MAX_TOKENS}`),
      v.minValue(1, `must be from 1 to ${CHAT_MAX_TOKENS}`),
      v.maxValue(CHAT_MAX_TOKENS, `must be from 1 to ${CHAT_MAX_TOKENS}`),
    ),
  ),
);

const contentPart = v.object({ type: v.string('must be a string'), text: v.optional(v.string('must be a string')) }, 'must be a content part object');

const message = v.object(
  {
    role: v.picklist(['system', 'developer', 'user', 'assistant', 'tool', 'function'], 'must be one of system, developer, user, assistant'),
    content: v.nullish(v.union([v.string(), v.array(contentPart)], 'must be a string or an array of text parts')),
    name: v.optional(v.string('must be a string')),
    tool_calls: v.optional(v.unknown()),
    tool_call_id: v.optional(v.unknown()),
  },
  'must be a message object',
);

/**
 * POST /v1/chat/completions as OpenAI takes it. Fields Kiln cannot honour (tools, structured output, more
 * than one choice, log probabilities) are refused by `readChatRequest`, not ignored; the penalties and
 * `user` are accepted and have no effect (the built-in engine has no sampling; a provider gets temperature,
 * top_p, stop and seed).
 */
export const chatRequestSchema = v.object({
  model: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty'), v.description('A model of GET /v1/models (the chat one).')),
  messages: v.pipe(v.array(message, 'must be an array of messages'), v.minLength(1, 'must hold at least one message')),
  max_tokens: tokensField,
  max_completion_tokens: tokensField,
  stream: v.optional(v.nullable(v.boolean('must be true or false'))),
  stream_options: v.optional(v.nullable(v.object({ include_usage: v.optional(v.boolean('must be true or false')) }, 'must be an object'))),
  temperature: v.optional(
    v.nullable(v.pipe(v.number('must be a number from 0 to 2'), v.minValue(0, 'must be from 0 to 2'), v.maxValue(2, 'must be from 0 to 2'))),
  ),
  top_p: v.optional(v.nullable(v.pipe(v.number('must be a number from 0 to 1'), v.minValue(0, 'must be from 0 to 1'), v.maxValue(1, 'must be from 0 to 1')))),
  n: v.optional(v.nullable(v.pipe(v.number('must be 1'), v.value(1, 'must be 1: Kiln answers one choice')))),
  stop: v.optional(
    v.nullable(
      v.union([v.string(), v.pipe(v.array(v.string()), v.maxLength(4, 'must hold at most 4 sequences'))], 'must be a string or an array of up to 4 strings'),
    ),
  ),
  seed: v.optional(v.nullable(v.pipe(v.number('must be an integer'), v.integer('must be an integer')))),
  presence_penalty: v.optional(v.nullable(v.number('must be a number'))),
  frequency_penalty: v.optional(v.nullable(v.number('must be a number'))),
  user: v.optional(v.string('must be a string')),
  logprobs: v.optional(v.nullable(v.pipe(v.boolean('must be true or false'), v.value(false, 'is not supported by Kiln')))),
  tools: v.optional(v.unknown()),
  tool_choice: v.optional(v.unknown()),
  functions: v.optional(v.unknown()),
  function_call: v.optional(v.unknown()),
  response_format: v.optional(v.unknown()),
});

export type ChatRequestBody = v.InferOutput<typeof chatRequestSchema>;

export interface ChatMessageText {
  role: 'system' | 'developer' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessageText[];
  maxTokens: number;
  stream: boolean;
  includeUsage: boolean;
  sampling: { temperature?: number; top_p?: number; stop?: string[]; seed?: number };
}

/** A refusal naming OpenAI's `param`. */
export interface ParamRefusal {
  param: string;
  message: string;
}

/** The schema-checked body as what Kiln runs, or the refusal of what it cannot honour (naming the field). */
export function readChatRequest(body: ChatRequestBody): { ok: true; value: ChatRequest } | { ok: false; refusal: ParamRefusal } {
  for (const field of ['tools', 'tool_choice', 'functions', 'function_call'] as const) {
    if (body[field] !== undefined && body[field] !== null) return refuse(field, `'${field}' is not supported: Kiln's chat answers text only (no tool calls).`);
  }
  const format = body.response_format as { type?: unknown } | null | undefined;
  if (format != null && format.type !== 'text') return refuse('response_format', '\'response_format\' other than {"type":"text"} is not supported.');
  const messages: ChatMessageText[] = [];
  for (const [i, m] of body.messages.entries()) {
    const at = `messages[${i}]`;
    if (m.role === 'tool' || m.role === 'function') return refuse(`${at}.role`, `'${at}.role' '${m.role}' is not supported: Kiln's chat has no tools.`);
    if (m.tool_calls !== undefined) return refuse(`${at}.tool_calls`, `'${at}.tool_calls' is not supported: Kiln's chat has no tools.`);
    let content: string;
    if (typeof m.content === 'string') content = m.content;
    else if (Array.isArray(m.content)) {
      const other = m.content.findIndex((p) => p.type !== 'text' || typeof p.text !== 'string');
      if (other >= 0) return refuse(`${at}.content[${other}]`, `'${at}.content[${other}]' must be a text part: Kiln's chat reads text only.`);
      content = m.content.map((p) => p.text).join('\n');
    } else if (m.role === 'assistant') content = '';
    else return refuse(`${at}.content`, `'${at}.content' is required.`);
    messages.push({ role: m.role, content });
  }
  if (!messages.some((m) => m.role === 'user' && m.content.trim() !== '')) return refuse('messages', "'messages' must hold a user message with text.");
  const stop = typeof body.stop === 'string' ? [body.stop] : (body.stop ?? undefined);
  const sampling = {
    ...(body.temperature != null ? { temperature: body.temperature } : {}),
    ...(body.top_p != null ? { top_p: body.top_p } : {}),
    ...(stop ? { stop } : {}),
    ...(body.seed != null ? { seed: body.seed } : {}),
  };
  return {
    ok: true,
    value: {
      messages,
      maxTokens: body.max_completion_tokens ?? body.max_tokens ?? CHAT_DEFAULT_MAX_TOKENS,
      stream: body.stream === true,
      includeUsage: body.stream_options?.include_usage === true,
      sampling,
    },
  };
}

const refuse = (param: string, message: string) => ({ ok: false as const, refusal: { param, message } });

/** The stored result of a `text.chat` job. */
export interface ChatResult {
  id: string;
  text: string;
  prompt_tokens: number;
  completion_tokens: number;
  tokens_used: number;
  finish_reason: 'stop' | 'length';
  created_at: string;
}

const unixSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** OpenAI's `chatcmpl-…` id for a Kiln job id (the job stays readable at GET /v1/jobs/{job id}). */
export const completionId = (jobId: string) => `chatcmpl-${jobId}`;

export function usageOf(r: Pick<ChatResult, 'prompt_tokens' | 'completion_tokens'>) {
  return { prompt_tokens: r.prompt_tokens, completion_tokens: r.completion_tokens, total_tokens: r.prompt_tokens + r.completion_tokens };
}

/** The non-streamed answer: one choice. */
export function chatCompletion(result: ChatResult, model: string) {
  return {
    id: completionId(result.id),
    object: 'chat.completion' as const,
    created: unixSeconds(result.created_at),
    model,
    choices: [{ index: 0, message: { role: 'assistant' as const, content: result.text, refusal: null }, logprobs: null, finish_reason: result.finish_reason }],
    usage: usageOf(result),
  };
}

/** One `chat.completion.chunk` of a streamed answer (OpenAI's first chunk carries the role, the last the finish reason). */
export function chatChunk(
  jobId: string,
  model: string,
  created: number,
  delta: { role?: 'assistant'; content?: string },
  finishReason: ChatResult['finish_reason'] | null = null,
  includeUsage = false,
) {
  return {
    id: completionId(jobId),
    object: 'chat.completion.chunk' as const,
    created,
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(includeUsage ? { usage: null } : {}),
  };
}

/** With `stream_options.include_usage`: the last chunk before `[DONE]`, no choices, the usage. */
export function usageChunk(result: ChatResult, model: string, created: number) {
  return { id: completionId(result.id), object: 'chat.completion.chunk' as const, created, model, choices: [], usage: usageOf(result) };
}

/** A `text.chat` job's input, as the route writes it (src/queue/jobs/text-chat.ts). */
export interface ChatJobInput {
  messages: ChatMessage[];
  max_tokens: number;
  language: string;
  temperature?: number;
  top_p?: number;
  stop?: string[];
  seed?: number;
  stream?: boolean;
}

/**
 * What the text engine is asked for a chat, wherever it runs (a worker, or the web process that took the
 * request): an OpenAI-compatible provider gets the messages as sent; the built-in engine writes on the last
 * user message.
 */
export function chatTextRequest(input: ChatJobInput): TextRequest {
  const lastUser = input.messages.findLast((m) => m.role === 'user') ?? input.messages.at(-1);
  return {
    prompt: lastUser?.content ?? '',
    mode: 'write',
    tone: 'formal',
    language: input.language,
    maxTokens: input.max_tokens,
    messages: input.messages,
    ...(input.stop ? { stop: input.stop } : {}),
    sampling: { temperature: input.temperature, top_p: input.top_p, stop: input.stop, seed: input.seed },
  };
}

/** The stored result of what the engine wrote; output cut at max_tokens is OpenAI's `length`. */
export function chatResultOf(id: string, out: TextResult, maxTokens: number, now = new Date()): ChatResult {
  return {
    id,
    text: out.text,
    prompt_tokens: out.promptTokens,
    completion_tokens: out.outputTokens,
    tokens_used: out.promptTokens + out.outputTokens,
    finish_reason: out.outputTokens >= maxTokens ? 'length' : 'stop',
    created_at: now.toISOString(),
  };
}
