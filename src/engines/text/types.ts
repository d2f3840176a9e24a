/**
 * The text engine's contract. Engines know nothing of HTTP, queues or billing: they take a prompt and
 * return text with its token counts; the worker stores and bills it (`tokens_used` = prompt + output).
 */
export type TextMode = 'write' | 'rewrite' | 'paraphrase';
export type TextTone = 'formal' | 'casual' | 'academic';

export const TEXT_MODES: readonly TextMode[] = ['write', 'rewrite', 'paraphrase'];
export const TEXT_TONES: readonly TextTone[] = ['formal', 'casual', 'academic'];

/** Bounds of `TextRequest.maxTokens`. */
export const MIN_MAX_TOKENS = 1;
export const MAX_MAX_TOKENS = 8192;

export interface TextRequest {
  /** The subject to write about (`write`) or the text to transform (`rewrite`, `paraphrase`). */
  prompt: string;
  mode: TextMode;
  tone: TextTone;
  /** Canonical BCP-47 tag; the caller checks it against the provider's `languages` first. */
  language: string;
  /** 1..8192; the output never exceeds it, counted with o200k (see `tokens.ts`). */
  maxTokens: number;
  /**
   * Sequences that end the reply where the model writes them (not included in the text). Honoured by the
   * llama provider; an OpenAI-compatible provider gets the chat caller's `sampling.stop`.
   */
  stop?: readonly string[];
  /**
   * A whole chat (POST /v1/chat/completions): an OpenAI-compatible provider sends these messages as they are,
   * instead of its own system prompt and `prompt`; the built-in engine writes on `prompt` (the last user message).
   */
  messages?: readonly ChatMessage[];
  /** Sampling the chat's caller asked for; only an OpenAI-compatible provider has any. */
  sampling?: ChatSampling;
}

export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant';
  content: string;
}

export interface ChatSampling {
  temperature?: number;
  top_p?: number;
  stop?: string[];
  seed?: number;
}

export interface TextResult {
  text: string;
  /** o200k tokens of the prompt (local) or the server's `usage.prompt_tokens` (OpenAI-compatible). */
  promptTokens: number;
  /** Tokens of `text`; always <= maxTokens. */
  outputTokens: number;
}

export interface TextProvider {
  readonly name: string;
  /**
   * Languages the provider writes, as primary subtags (`en`), or 'any'. Callers compare the request's
   * primary subtag so they can refuse a language up front, naming the supported ones.
   */
  readonly languages: readonly string[] | 'any';
  /**
   * Set when the work happens on another server and ends within `timeoutMs`: a web process can wait for it
   * without spending its CPU, so POST /v1/chat/completions calls it in place (src/api/answer-in-place.ts).
   */
  readonly remote?: { timeoutMs: number };
  generate(req: TextRequest, signal?: AbortSignal): Promise<TextResult>;
  /**
   * The same work, handing the text to `onDelta` as it is produced. The deltas, concatenated, are exactly
   * the returned `text` (never more: whatever a cut to `maxTokens` removes is never handed out). Optional:
   * a provider without it is streamed as one delta after `generate`.
   */
  generateStream?(req: TextRequest, onDelta: (text: string) => Promise<void>, signal?: AbortSignal): Promise<TextResult>;
}

/** Streams with the provider's own `generateStream`, or, without one, generates and hands the whole text over as one delta. */
export async function generateTextStream(
  provider: TextProvider,
  req: TextRequest,
  onDelta: (text: string) => Promise<void>,
  signal?: AbortSignal,
): Promise<TextResult> {
  if (provider.generateStream) return provider.generateStream(req, onDelta, signal);
  const result = await provider.generate(req, signal);
  if (result.text) await onDelta(result.text);
  return result;
}

export function isTextMode(value: unknown): value is TextMode {
  return typeof value === 'string' && (TEXT_MODES as readonly string[]).includes(value);
}

export function isTextTone(value: unknown): value is TextTone {
  return typeof value === 'string' && (TEXT_TONES as readonly string[]).includes(value);
}

/** True when `languages` covers the BCP-47 `tag`, matched by primary subtag (`en-GB` → `en`). */
export function supportsLanguage(languages: readonly string[] | 'any', tag: string): boolean {
  if (languages === 'any') return true;
  const primary = tag.split('-')[0]?.toLowerCase() ?? '';
  return languages.some((lang) => lang.toLowerCase() === primary);
}
