import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

/**
 * OpenAI's documented request rules, as api.openai.com enforces them, for every call Kiln's providers make:
 * the one place the test fakes learn what OpenAI refuses. `startFakeApi` (fake-api.ts) checks each request
 * against them before the test's own answer runs, so a provider test passes only when Kiln sends what
 * OpenAI accepts. Sources: OpenAI's API reference ("Create image", "Create chat completion", "Create
 * speech") and its guides (reasoning models, text to speech).
 *
 * A model OpenAI does not name (another OpenAI-compatible server's, e.g. LocalAI's or Ollama's) gets only
 * the rules every model shares: such servers take what OpenAI's API took before its per-model rules.
 */

export interface OpenAIErrorBody {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

/** A refusal: the status and OpenAI's error body. */
export interface Refusal {
  status: number;
  error: OpenAIErrorBody;
}

type Body = Record<string, unknown>;

const invalid = (message: string, param: string | null, code: string | null = 'invalid_value'): Refusal => ({
  status: 400,
  error: { message, type: 'invalid_request_error', param, code },
});
const unknownParameter = (param: string): Refusal => invalid(`Unknown parameter: '${param}'.`, param, 'unknown_parameter');
const missing = (param: string): Refusal => invalid(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter');
const oneOf = (param: string, value: unknown, allowed: readonly string[]): Refusal =>
  invalid(`Invalid value: '${String(value)}'. Supported values are: ${allowed.map((x) => `'${x}'`).join(', ')}.`, param);

function unknownField(body: Body, known: readonly string[]): Refusal | null {
  for (const key of Object.keys(body)) if (!known.includes(key)) return unknownParameter(key);
  return null;
}

// ---- Images: POST /images/generations ---------------------------------------------------------------

interface ImageModel {
  sizes: readonly string[];
  responseFormat: boolean;
  maxPrompt: number;
  maxN: number;
  qualities: readonly string[];
  styles: boolean;
}

/** Per model, from the reference's `size`, `response_format`, `prompt`, `n`, `quality` and `style`. */
export const IMAGE_MODELS: Record<string, ImageModel> = {
  'gpt-image-1': {
    sizes: ['1024x1024', '1536x1024', '1024x1536', 'auto'],
    responseFormat: false,
    maxPrompt: 32_000,
    maxN: 10,
    qualities: ['auto', 'high', 'medium', 'low'],
    styles: false,
  },
  'dall-e-3': { sizes: ['1024x1024', '1792x1024', '1024x1792'], responseFormat: true, maxPrompt: 4_000, maxN: 1, qualities: ['standard', 'hd'], styles: true },
  'dall-e-2': { sizes: ['256x256', '512x512', '1024x1024'], responseFormat: true, maxPrompt: 1_000, maxN: 10, qualities: ['standard'], styles: false },
};
const IMAGE_FIELDS = [
  'model',
  'prompt',
  'n',
  'size',
  'quality',
  'style',
  'response_format',
  'user',
  'background',
  'moderation',
  'output_format',
  'output_compression',
] as const;

function imageModel(model: string): ImageModel | undefined {
  if (model.startsWith('gpt-image-')) return IMAGE_MODELS['gpt-image-1'];
  return IMAGE_MODELS[model];
}

export function imagesRefusal(body: Body): Refusal | null {
  const unknown = unknownField(body, IMAGE_FIELDS);
  if (unknown) return unknown;
  if (typeof body.prompt !== 'string' || body.prompt === '') return missing('prompt');
  const rules = imageModel(String(body.model ?? 'dall-e-2'));
  if (body.n !== undefined && (!Number.isInteger(body.n) || (body.n as number) < 1 || (body.n as number) > (rules?.maxN ?? 10))) {
    return invalid(`Invalid 'n': must be an integer from 1 to ${rules?.maxN ?? 10} for this model.`, 'n');
  }
  if (body.response_format !== undefined && !['url', 'b64_json'].includes(String(body.response_format))) {
    return oneOf('response_format', body.response_format, ['url', 'b64_json']);
  }
  if (!rules) return null;
  if (body.prompt.length > rules.maxPrompt) {
    return invalid(
      `Invalid 'prompt': string too long. Expected a string with maximum length ${rules.maxPrompt}, but got a string with length ${body.prompt.length} instead.`,
      'prompt',
      'string_above_max_length',
    );
  }
  if (!rules.responseFormat && 'response_format' in body) return unknownParameter('response_format');
  if (body.size !== undefined && !rules.sizes.includes(String(body.size))) return oneOf('size', body.size, rules.sizes);
  if (body.quality !== undefined && !rules.qualities.includes(String(body.quality))) return oneOf('quality', body.quality, rules.qualities);
  if (body.style !== undefined && (!rules.styles || !['vivid', 'natural'].includes(String(body.style)))) {
    return rules.styles ? oneOf('style', body.style, ['vivid', 'natural']) : unknownParameter('style');
  }
  return null;
}

// ---- Chat: POST /chat/completions --------------------------------------------------------------------

/** o1, o3, o4-mini, gpt-5…: "reasoning models" in OpenAI's guide. */
export const isReasoningModel = (model: string): boolean => /^(o\d|gpt-5)/.test(model.toLowerCase());

const CHAT_FIELDS = [
  'model',
  'messages',
  'max_tokens',
  'max_completion_tokens',
  'temperature',
  'top_p',
  'n',
  'stream',
  'stream_options',
  'stop',
  'presence_penalty',
  'frequency_penalty',
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'user',
  'seed',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'response_format',
  'reasoning_effort',
  'service_tier',
  'store',
  'metadata',
  'modalities',
  'prediction',
  'audio',
  'verbosity',
  'web_search_options',
] as const;

export function chatRefusal(body: Body): Refusal | null {
  const unknown = unknownField(body, CHAT_FIELDS);
  if (unknown) return unknown;
  if (typeof body.model !== 'string' || body.model === '') return missing('model');
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return invalid("Invalid 'messages': empty array. Expected an array with minimum length 1.", 'messages', 'empty_array');
  for (const [i, m] of (body.messages as Array<Record<string, unknown>>).entries()) {
    if (!['system', 'developer', 'user', 'assistant', 'tool'].includes(String(m?.role)))
      return oneOf(`messages[${i}].role`, m?.role, ['system', 'developer', 'user', 'assistant', 'tool']);
    if (typeof m.content !== 'string' && !Array.isArray(m.content) && m.role !== 'assistant') return missing(`messages[${i}].content`);
  }
  for (const param of ['max_tokens', 'max_completion_tokens'] as const) {
    if (body[param] !== undefined && (!Number.isInteger(body[param]) || (body[param] as number) < 1)) {
      return invalid(`Invalid '${param}': integer below minimum value. Expected a value >= 1.`, param, 'integer_below_min_value');
    }
  }
  if (body.temperature !== undefined && (typeof body.temperature !== 'number' || body.temperature < 0 || body.temperature > 2)) {
    return invalid("Invalid 'temperature': must be a number from 0 to 2.", 'temperature', 'decimal_out_of_range');
  }
  if (body.stream !== undefined && typeof body.stream !== 'boolean') return invalid("Invalid type for 'stream': expected a boolean.", 'stream', 'invalid_type');
  if (body.stream_options !== undefined && body.stream !== true) {
    return invalid("The 'stream_options' parameter is only allowed when 'stream' is enabled.", 'stream_options', null);
  }
  if (isReasoningModel(body.model)) {
    if ('max_tokens' in body) {
      return invalid(
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        'max_tokens',
        'unsupported_parameter',
      );
    }
    for (const param of ['temperature', 'top_p'] as const) {
      if (body[param] !== undefined && body[param] !== 1) {
        return invalid(
          `Unsupported value: '${param}' does not support ${String(body[param])} with this model. Only the default (1) value is supported.`,
          param,
          'unsupported_value',
        );
      }
    }
    for (const param of ['presence_penalty', 'frequency_penalty', 'logprobs', 'top_logprobs', 'logit_bias'] as const) {
      if (body[param] !== undefined) return invalid(`Unsupported parameter: '${param}' is not supported with this model.`, param, 'unsupported_parameter');
    }
  }
  return null;
}

/** A chat completion as OpenAI answers one. */
export function chatCompletion(model: string, content: string, usage?: { prompt_tokens: number; completion_tokens: number }): Body {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
  };
}

/**
 * Streams `pieces` as OpenAI does with `stream: true`: a role delta, one `chat.completion.chunk` per
 * piece, a finish chunk, the usage chunk (empty `choices`) only when `stream_options.include_usage`, then
 * `data: [DONE]`.
 */
export function streamChat(res: ServerResponse, body: Body, pieces: readonly string[], usage?: { prompt_tokens: number; completion_tokens: number }): void {
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: String(body.model) };
  const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  for (const content of pieces) send({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] });
  send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  if (includeUsage && usage) send({ ...base, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } });
  res.end('data: [DONE]\n\n');
}

// ---- Speech: POST /audio/speech ----------------------------------------------------------------------

/** The reference's `input`: "The maximum length is 4096 characters." */
export const SPEECH_MAX_INPUT = 4096;
export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
/** The voices tts-1 and tts-1-hd speak (the text-to-speech guide). */
export const TTS1_VOICES = ['alloy', 'ash', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer'] as const;
/** gpt-4o-mini-tts speaks those and a few more. */
export const GPT_TTS_VOICES = [...TTS1_VOICES, 'ballad', 'verse', 'marin', 'cedar'] as const;
export const SPEECH_MODELS = ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts'] as const;
const SPEECH_FIELDS = ['model', 'input', 'voice', 'instructions', 'response_format', 'speed', 'stream_format'] as const;

export function speechRefusal(body: Body): Refusal | null {
  const unknown = unknownField(body, SPEECH_FIELDS);
  if (unknown) return unknown;
  if (typeof body.model !== 'string' || body.model === '') return missing('model');
  if (typeof body.input !== 'string') return missing('input');
  if (body.input.length > SPEECH_MAX_INPUT) {
    return invalid(
      `Invalid 'input': string too long. Expected a string with maximum length ${SPEECH_MAX_INPUT}, but got a string with length ${body.input.length} instead.`,
      'input',
      'string_above_max_length',
    );
  }
  if (body.voice === undefined) return missing('voice');
  if (body.response_format !== undefined && !(SPEECH_FORMATS as readonly string[]).includes(String(body.response_format))) {
    return oneOf('response_format', body.response_format, SPEECH_FORMATS);
  }
  if (body.speed !== undefined && (typeof body.speed !== 'number' || body.speed < 0.25 || body.speed > 4)) {
    return invalid(`Invalid 'speed': ${String(body.speed)}. Expected a value from 0.25 to 4.0.`, 'speed', 'decimal_out_of_range');
  }
  const tts1 = body.model === 'tts-1' || body.model === 'tts-1-hd';
  const gptTts = body.model.startsWith('gpt-4o-mini-tts');
  if (!tts1 && !gptTts) return null;
  const voices: readonly string[] = tts1 ? TTS1_VOICES : GPT_TTS_VOICES;
  if (!voices.includes(String(body.voice))) return oneOf('voice', body.voice, voices);
  if (tts1 && body.instructions !== undefined)
    return invalid("Unsupported parameter: 'instructions' is not supported with this model.", 'instructions', 'unsupported_parameter');
  if (tts1 && body.stream_format === 'sse')
    return invalid("Unsupported value: 'stream_format' 'sse' is not supported with this model.", 'stream_format', 'unsupported_value');
  return null;
}

// ---- Every call ----------------------------------------------------------------------------------------

const RULES: Record<string, (body: Body) => Refusal | null> = {
  '/images/generations': imagesRefusal,
  '/chat/completions': chatRefusal,
  '/audio/speech': speechRefusal,
};

/** What api.openai.com would answer instead of the test's answer, or null when it would accept the request. */
export function openAIRefusal(path: string, headers: IncomingHttpHeaders, body: unknown): Refusal | null {
  const rules = RULES[path];
  if (!rules) return null;
  if (!String(headers['content-type'] ?? '').startsWith('application/json')) {
    return invalid('Unsupported content type: expected application/json.', null, null);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return invalid('We could not parse the JSON body of your request.', null, null);
  return rules(body as Body);
}

/** Answers with OpenAI's error envelope. */
export function sendOpenAIError(res: ServerResponse, refusal: Refusal, headers: Record<string, string> = {}): void {
  res.writeHead(refusal.status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ error: refusal.error }));
}

/** 400 as OpenAI sends it for a request it cannot serve (content policy, bad value). */
export function badRequest(res: ServerResponse, message: string, param: string | null = null, code: string | null = null): void {
  sendOpenAIError(res, { status: 400, error: { message, type: 'invalid_request_error', param, code } });
}

/** 429 as OpenAI sends it: the error body, `retry-after` in seconds and the rate-limit headers. */
export function rateLimited(res: ServerResponse, retryAfterSeconds = 1): void {
  sendOpenAIError(
    res,
    { status: 429, error: { message: 'Rate limit reached for requests. Please try again in 1s.', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
    { 'retry-after': String(retryAfterSeconds), 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': `${retryAfterSeconds}s` },
  );
}

/** 500 as OpenAI sends it. */
export function serverError(res: ServerResponse, message = 'The server had an error while processing your request. Sorry about that!'): void {
  sendOpenAIError(res, { status: 500, error: { message, type: 'server_error', param: null, code: null } });
}
