import { systemPrompt } from './prompts';
import { callProvider, readJson } from '../provider-error';
import { TextProviderError } from './text-provider-error';
import { countTokens, truncateToTokens } from './tokens';
import type { TextProvider, TextRequest, TextResult } from './types';

export interface OpenAITextProviderOptions {
  /** API root including the version, e.g. `http://host/v1`. */
  baseUrl: string;
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
}

const DEFAULT_MODEL = 'gpt-4o-mini';
const DEFAULT_TIMEOUT_MS = 120_000;

interface ChatCompletion {
  choices?: Array<{ message?: { content?: unknown } }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

/**
 * Any OpenAI-compatible `/chat/completions` endpoint (OpenAI, vLLM, llama.cpp server, Ollama, LocalAI).
 * Token counts come from the server's `usage` when it sends one; otherwise they are counted with o200k.
 * The model is asked to stay within `max_tokens`, and the answer is cut to `maxTokens` o200k tokens
 * anyway, because a server's own tokenizer may count differently from ours.
 */
export function createOpenAITextProvider(opts: OpenAITextProviderOptions): TextProvider {
  const endpoint = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const model = opts.model ?? DEFAULT_MODEL;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    name: 'openai',
    languages: 'any',
    async generate(req: TextRequest, signal?: AbortSignal): Promise<TextResult> {
      const system = systemPrompt(req);
      const body = JSON.stringify({
        model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: req.prompt },
        ],
        max_tokens: req.maxTokens,
      });
      const json = await callProvider({
        endpoint,
        apiKey: opts.apiKey,
        body,
        timeoutMs,
        signal,
        server: 'text server',
        ErrorClass: TextProviderError,
        read: (res) => readJson<ChatCompletion, TextProviderError>(res, `text server at ${endpoint}`, TextProviderError),
      });

      const content = json.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new TextProviderError(`text server at ${endpoint} answered without choices[0].message.content`);
      const raw = content.trim();
      const text = truncateToTokens(raw, req.maxTokens);
      const usage = json.usage;
      const promptTokens = isCount(usage?.prompt_tokens) ? usage.prompt_tokens : countTokens(system) + countTokens(req.prompt);
      // Once we cut the answer, the server's count no longer describes what we return.
      const outputTokens = text === raw && isCount(usage?.completion_tokens) ? Math.min(usage.completion_tokens, req.maxTokens) : countTokens(text);
      return { text, promptTokens, outputTokens };
    },
  };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
