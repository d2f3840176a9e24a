import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { countTokens, decideLanguage, MAX_MAX_TOKENS, MIN_MAX_TOKENS, TEXT_MODES, TEXT_TONES, type TextMode, type TextTone } from '../../../engines/text';
import { newId } from '../../../ids';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { invalidParameter } from '../../../errors/api-error';
import { jsonBody } from '../../middleware/json-body';
import type { QuotaHold } from '../../quota';
import { textGenerateJob } from '../../../queue/jobs';
import { streamJobEvents } from '../../job-event-stream';
import { createRequestJob, submitRequestJob } from '../../submit-request-job';
import { requiredText } from '../../schemas/fields';
import { acceptedJobResponse, errorResponses } from '../../schemas/responses';

const MAX_PROMPT_CHARS = 100_000;

/** A well-formed BCP-47 tag in its canonical form (`EN-us` → `en-US`), or undefined. */
export function canonicalLanguageTag(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

const LANGUAGE_DESCRIPTION =
  'The language to write in (BCP-47). Omitted: the prompt’s own language, detected when the prompt has at least 12 letters and ' +
  'the detector is sure of it (another language must clearly outscore English), otherwise English; the answer’s `language` says which. ' +
  'The built-in engine (`TEXT_PROVIDER=local`) reads and writes English only: another language, given here or detected in the prompt, ' +
  'is refused with 400 `invalid_parameter` naming it (e.g. "French (fr)") and pointing to an OpenAI-compatible provider (`TEXT_PROVIDER=openai`).';

export const textGenerateBody = v.object({
  prompt: v.pipe(requiredText(MAX_PROMPT_CHARS), v.description('The subject to write about, or the text to rewrite or paraphrase.')),
  max_tokens: v.optional(
    v.pipe(
      v.number(`must be an integer from ${MIN_MAX_TOKENS} to ${MAX_MAX_TOKENS}`),
      v.integer(`must be an integer from ${MIN_MAX_TOKENS} to ${MAX_MAX_TOKENS}`),
      v.minValue(MIN_MAX_TOKENS, `must be from ${MIN_MAX_TOKENS} to ${MAX_MAX_TOKENS}`),
      v.maxValue(MAX_MAX_TOKENS, `must be from ${MIN_MAX_TOKENS} to ${MAX_MAX_TOKENS}`),
    ),
    1000,
  ),
  language: v.optional(
    v.pipe(
      v.string('must be a BCP-47 language tag'),
      v.trim(),
      v.check((s) => canonicalLanguageTag(s) !== undefined, 'must be a well-formed BCP-47 language tag, e.g. en or en-GB'),
      v.description(LANGUAGE_DESCRIPTION),
    ),
  ),
  tone: v.optional(v.picklist(TEXT_TONES as TextTone[], `must be one of ${TEXT_TONES.join(', ')}`), 'formal'),
  mode: v.optional(v.picklist(TEXT_MODES as TextMode[], `must be one of ${TEXT_MODES.join(', ')}`), 'write'),
  stream: v.optional(
    v.pipe(
      v.boolean('must be true or false'),
      v.description('Answer `text/event-stream`: the text as it is written (`delta` events), then `done` with the usual result.'),
    ),
    false,
  ),
});

/** What the streamed answer's events look like, for the OpenAPI document. */
export const TEXT_EVENT_STREAM_DESCRIPTION =
  'Server-sent events, each with an `id:` (a sequence number; reconnect to `GET /v1/jobs/{id}/events` with `Last-Event-ID`): ' +
  '`job` `{"id","status"}` (id 0; the job id is also in the `Kiln-Job-Id` header), then `delta` `{"text"}` as the text is written ' +
  '(concatenated, the deltas are the final text; `reset` `{}` means forget the deltas so far: a retried run wrote a different text), ' +
  'then exactly one `done` whose data is the result exactly as the non-streamed answer, or `error` with the error envelope; then the stream closes. ' +
  'A `: ping` comment is sent every 15 s.';

/**
 * The most a request can bill (its prompt and `max_tokens` of output: the output never exceeds it), held
 * while it runs so that concurrent requests cannot together pass the quota; the bill is the exact count.
 */
export function textTokensHold(promptTokens: number, maxTokens: number): QuotaHold {
  return {
    metric: 'text_tokens',
    quantity: promptTokens + maxTokens,
    needs: `up to ${promptTokens + maxTokens} (the prompt's ${promptTokens} and max_tokens ${maxTokens}; a lower max_tokens needs fewer)`,
  };
}

export function registerTextGenerate(
  app: App,
  rt: Pick<Runtime, 'config' | 'db' | 'redis' | 'keys' | 'channels' | 'queues' | 'jobEvents' | 'jobStreams' | 'usage' | 'textProvider'>,
) {
  app.post(
    '/text/generate',
    describeRoute({
      tags: ['Text'],
      summary: 'Write, rewrite or paraphrase text',
      description:
        '`write` composes a piece on the prompt’s subject; `rewrite` and `paraphrase` take the content to transform from `prompt`. ' +
        '`tokens_used` = prompt tokens + output tokens (o200k tokenizer); the output never exceeds `max_tokens`. ' +
        'Answers 202 with a job link if generation takes longer than the synchronous wait. ' +
        'With `stream: true` the answer is `text/event-stream` instead (billed once, like the non-streamed answer). ' +
        'Without `language` the prompt’s language is detected; the built-in engine refuses text that is not English (400 `invalid_parameter`, ' +
        'naming the language detected) rather than return nonsense: an OpenAI-compatible provider (`TEXT_PROVIDER=openai`) works in any language.',
      requestBody: { content: { 'application/json': { schema: resolver(textGenerateBody) } } },
      responses: {
        200: {
          description: 'The generated text; with `stream: true`, its events',
          content: {
            'application/json': { schema: resolver(textGenerateJob.request.result) },
            'text/event-stream': { schema: { type: 'string', description: TEXT_EVENT_STREAM_DESCRIPTION } },
          },
          headers: { 'Kiln-Job-Id': { description: 'With `stream: true`: the job id, for `GET /v1/jobs/{id}/events`', schema: { type: 'string' } } },
        },
        202: acceptedJobResponse('Still generating; poll the `Location` (GET /v1/jobs/{id})'),
        ...errorResponses(400, 401, 403, 413, 429),
      },
    }),
    jsonBody(textGenerateBody),
    async (c) => {
      const body = c.req.valid('json');
      const decision = await decideLanguage(body.prompt, body.language === undefined ? undefined : canonicalLanguageTag(body.language), rt.textProvider);
      if (!decision.ok) throw invalidParameter(decision.message, decision.param);
      const language = decision.language;
      const hold = textTokensHold(countTokens(body.prompt), body.max_tokens);
      const input = { prompt: body.prompt, max_tokens: body.max_tokens, language, tone: body.tone, mode: body.mode };
      if (!body.stream) return submitRequestJob(c, rt, { id: newId('gen'), kind: 'text.generate', input, hold });
      const id = newId('gen');
      await createRequestJob(c, rt, { id, kind: 'text.generate', input: { ...input, stream: true }, hold });
      return streamJobEvents(c, rt, id, -1);
    },
  );
}
