import { systemPrompt } from './prompts';
import { callProvider, readJson } from '../provider-error';
import { sseData } from '../sse-data';
import { StreamedCut } from './streamed-cut';
import { TextProviderError } from './text-provider-error';
import { countTokens, truncateToTokens } from './tokens';
import type { TextProvider, TextRequest, TextResult } from './types';
import { chatOutputParams } from '../openai-chat-params';

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

interface ChatCompletionChunk {
  choices?: Array<{ delta?: { content?: unknown } }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
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

  const requestBody = (req: TextRequest, system: string, stream: boolean) =>
    JSON.stringify({
      model,
      messages: req.messages ?? [
        { role: 'system', content: system },
        { role: 'user', content: req.prompt },
      ],
      ...chatOutputParams(model, req.maxTokens, req.sampling?.temperature),
      ...samplingParams(req),
      ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    });

  /** Token counts from the server's `usage` while the text is the server's own; ours once we cut it. */
  const measured = (req: TextRequest, system: string, raw: string, text: string, usage: ChatCompletion['usage'] | null): TextResult => {
    const sent = req.messages ? req.messages.reduce((n, m) => n + countTokens(m.content), 0) : countTokens(system) + countTokens(req.prompt);
    const promptTokens = isCount(usage?.prompt_tokens) ? usage.prompt_tokens : sent;
    // Once we cut the answer, the server's count no longer describes what we return.
    const outputTokens = text === raw && isCount(usage?.completion_tokens) ? Math.min(usage.completion_tokens, req.maxTokens) : countTokens(text);
    return { text, promptTokens, outputTokens };
  };

  return {
    name: 'openai',
    languages: 'any',
    remote: { timeoutMs },
    async generate(req: TextRequest, signal?: AbortSignal): Promise<TextResult> {
      const system = systemPrompt(req);
      const json = await callProvider({
        endpoint,
        apiKey: opts.apiKey,
        body: requestBody(req, system, false),
        timeoutMs,
        signal,
        server: 'text server',
        ErrorClass: TextProviderError,
        read: (res) => readJson<ChatCompletion, TextProviderError>(res, `text server at ${endpoint}`, TextProviderError),
      });
      const raw = contentOf(json, endpoint);
      return measured(req, system, raw, truncateToTokens(raw, req.maxTokens), json.usage ?? null);
    },

    /** `stream: true`: the server's chunks are passed on as they arrive (whole words, within `max_tokens`). */
    async generateStream(req, onDelta, signal): Promise<TextResult> {
      const system = systemPrompt(req);
      return callProvider({
        endpoint,
        apiKey: opts.apiKey,
        body: requestBody(req, system, true),
        accept: 'text/event-stream',
        timeoutMs,
        signal,
        server: 'text server',
        ErrorClass: TextProviderError,
        read: async (res) => {
          // A server that ignores `stream` answers one JSON completion: hand it over whole.
          if (!res.headers.get('content-type')?.includes('text/event-stream')) {
            const json = await readJson<ChatCompletion, TextProviderError>(res, `text server at ${endpoint}`, TextProviderError);
            const raw = contentOf(json, endpoint);
            const result = measured(req, system, raw, truncateToTokens(raw, req.maxTokens), json.usage ?? null);
            if (result.text) await onDelta(result.text);
            return result;
          }
          if (!res.body) throw new TextProviderError(`text server at ${endpoint} sent an empty stream`);
          const cut = new StreamedCut(req.maxTokens);
          let usage: ChatCompletion['usage'] | null = null;
          let finished = false;
          for await (const data of sseData(res.body)) {
            if (data.trim() === '[DONE]') {
              finished = true;
              break;
            }
            let chunk: ChatCompletionChunk;
            try {
              chunk = JSON.parse(data) as ChatCompletionChunk;
            } catch {
              throw new TextProviderError(`text server at ${endpoint} streamed an event that is not JSON`);
            }
            if (chunk.usage) usage = chunk.usage;
            const content = chunk.choices?.[0]?.delta?.content;
            if (typeof content === 'string' && content) {
              const piece = cut.push(content);
              if (piece) await onDelta(piece);
            }
          }
          if (!finished) throw new TextProviderError(`text server at ${endpoint} ended its stream without [DONE]`);
          const { raw, text, rest } = cut.finish();
          if (rest) await onDelta(rest);
          return measured(req, system, raw, text, usage);
        },
      });
    },
  };
}

function contentOf(json: ChatCompletion, endpoint: string): string {
  const content = json.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new TextProviderError(`text server at ${endpoint} answered without choices[0].message.content`);
  return content.trim();
}

/** A chat's sampling besides temperature (which `chatOutputParams` sends where the model takes one), as the caller gave it. */
function samplingParams(req: TextRequest): Record<string, unknown> {
  const { top_p, stop, seed } = req.sampling ?? {};
  return { ...(top_p === undefined ? {} : { top_p }), ...(stop === undefined ? {} : { stop }), ...(seed === undefined ? {} : { seed }) };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
