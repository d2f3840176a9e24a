import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { eng } from 'stopword';
import { sendJson, startFakeApi, type FakeApi } from './fake-api';

/**
 * A strict stand-in for OpenAI's `POST /v1/embeddings` on loopback: it refuses what api.openai.com refuses
 * (API reference, "Create embeddings": no `model`, an empty string, more than 2,048 inputs, an input over
 * 8,192 tokens, over 300,000 tokens in one request, `dimensions` for a model before text-embedding-3, an
 * `encoding_format` other than float/base64, unknown parameters) and answers deterministic vectors: a hashed
 * bag of the text's content words (stop words out, a crude stem), so texts sharing words are near and texts
 * sharing none are not. It is no model: it finds what words find, no more (the eval says so).
 */
export interface FakeEmbeddings extends FakeApi {
  /** Every request it answered or refused, in order. */
  calls: { inputs: number; status: number }[];
  /** The next `n` requests are answered 429 with `Retry-After: <seconds>`. */
  rateLimitNext(n: number, retryAfterSeconds?: number): void;
  /** The next `n` requests are answered 503. */
  failNext(n: number): void;
}

export const FAKE_DIMS = 256;
const STOP = new Set(eng);
const KNOWN = new Set(['input', 'model', 'dimensions', 'encoding_format', 'user']);

/** Tokens as a BPE tokenizer would count them, about: a word or a run of punctuation is one, a long word more. */
export function fakeTokens(text: string): number {
  let n = 0;
  for (const m of text.matchAll(/\p{L}+|\p{N}+|[^\p{L}\p{N}\s]+/gu)) n += Math.ceil(m[0].length / 6);
  return n;
}

function stem(w: string): string {
  return w.replace(/(?:ies)$/, 'y').replace(/(?:ing|ed|es|s)$/, '');
}

/** The fake's vector of a text: each content word's stem hashed to a dimension and a sign, unit length. */
export function fakeVector(text: string, dims = FAKE_DIMS): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const m of text.toLowerCase().matchAll(/\p{L}+|\p{N}+/gu)) {
    const word = m[0];
    if (STOP.has(word) || word.length < 2) continue;
    const h = createHash('sha1').update(stem(word)).digest();
    v[h.readUInt32LE(0) % dims]! += h[4]! & 1 ? 1 : -1;
  }
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  // A text with no content word still gets a vector (as a model's would), the same small one for all.
  if (norm === 0) v[0] = 1;
  return norm === 0 ? v : v.map((x) => x / norm);
}

function refuse(res: ServerResponse, message: string, param: string | null, status = 400): void {
  sendJson(res, status, { error: { message, type: 'invalid_request_error', param, code: null } });
}

/** `latencyMs`: each answer waits this long first, as a provider across a network does (the bench's RTT). */
export async function startFakeEmbeddings(opts: { latencyMs?: number } = {}): Promise<FakeEmbeddings> {
  const calls: { inputs: number; status: number }[] = [];
  let limited = 0;
  let retryAfter = 0;
  let failing = 0;
  const api = await startFakeApi<Record<string, unknown>>('/embeddings', (call, res) => {
    if (opts.latencyMs) setTimeout(() => answerCall(call, res), opts.latencyMs);
    else answerCall(call, res);
  });
  function answerCall({ body }: { body: Record<string, unknown> }, res: ServerResponse): void {
    const inputs = Array.isArray(body.input) ? body.input.length : 1;
    const answer = (status: number) => calls.push({ inputs, status });
    if (limited > 0) {
      limited--;
      answer(429);
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(retryAfter) });
      res.end(JSON.stringify({ error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' } }));
      return;
    }
    if (failing > 0) {
      failing--;
      answer(503);
      return sendJson(res, 503, { error: { message: 'The server is overloaded', type: 'server_error', param: null, code: null } });
    }
    const fail = (message: string, param: string | null) => {
      answer(400);
      refuse(res, message, param);
    };
    const unknown = Object.keys(body).find((k) => !KNOWN.has(k));
    if (unknown) return fail(`Unrecognized request argument supplied: ${unknown}`, unknown);
    if (typeof body.model !== 'string' || !body.model) return fail('you must provide a model parameter', 'model');
    const model = body.model;
    if (body.dimensions !== undefined && !model.startsWith('text-embedding-3')) return fail(`This model does not support specifying dimensions.`, 'dimensions');
    if (body.encoding_format !== undefined && body.encoding_format !== 'float' && body.encoding_format !== 'base64')
      return fail(`'${String(body.encoding_format)}' is not one of ['float', 'base64'] - 'encoding_format'`, 'encoding_format');
    const list = typeof body.input === 'string' ? [body.input] : body.input;
    if (!Array.isArray(list) || list.length === 0 || list.some((x) => typeof x !== 'string'))
      return fail("'input' must be a string or a non-empty array of strings", 'input');
    if (list.length > 2048) return fail(`'$.input' is too long: ${list.length} > 2048 - Expected an array of at most 2048 items`, 'input');
    const texts = list as string[];
    if (texts.some((t) => t === '')) return fail("'$.input' is invalid. Please check the API reference: the input cannot be an empty string", 'input');
    let total = 0;
    for (const t of texts) {
      const n = fakeTokens(t);
      if (n > 8192) return fail(`This model's maximum context length is 8192 tokens, however you requested ${n} tokens in your input`, 'input');
      total += n;
    }
    if (total > 300_000) return fail(`Requested ${total} tokens, max 300000 tokens per request`, 'input');
    const dims = typeof body.dimensions === 'number' ? body.dimensions : FAKE_DIMS;
    answer(200);
    sendJson(res, 200, {
      object: 'list',
      model,
      data: texts.map((t, index) => ({ object: 'embedding', index, embedding: fakeVector(t, dims) })),
      usage: { prompt_tokens: total, total_tokens: total },
    });
  }
  return {
    ...api,
    calls,
    rateLimitNext(n, seconds = 0) {
      limited = n;
      retryAfter = seconds;
    },
    failNext(n) {
      failing = n;
    },
  };
}
