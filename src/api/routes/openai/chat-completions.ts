import { describeRoute, resolver } from 'hono-openapi';
import { countTokens, decideLanguage } from '../../../engines/text';
import { newId } from '../../../ids';
import { type ChatResult, chatChunk, chatCompletion, chatRequestSchema, openaiError, readChatRequest, servedModels, usageChunk } from '../../../openai-compat';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { type JobEventFormat, streamJobEvents } from '../../job-event-stream';
import { jsonBody } from '../../middleware/json-body';
import type { QuotaHold } from '../../quota';
import { createRequestJob } from '../../submit-request-job';
import * as v from 'valibot';
import { OPENAI_TAG, openaiErrorResponses } from './openapi';
import { answerChatInPlace, answersInPlace, streamChatInPlace } from './chat-in-place';
import { modelNotFound, paramError, runRequestJobAndWait } from './run-job';

type Deps = Pick<Runtime, 'config' | 'db' | 'redis' | 'keys' | 'channels' | 'queues' | 'jobEvents' | 'jobStreams' | 'usage' | 'textProvider' | 'inPlaceCalls'>;

const COMPLETION_SCHEMA = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.description('`chatcmpl-` and the Kiln job id (GET /v1/jobs/{job id})')),
    object: v.literal('chat.completion'),
    created: v.number(),
    model: v.pipe(v.string(), v.description('The model that answered; the built-in engine is `kiln-local-text`')),
    choices: v.array(
      v.object({
        index: v.number(),
        message: v.object({ role: v.literal('assistant'), content: v.string(), refusal: v.null() }),
        logprobs: v.null(),
        finish_reason: v.picklist(['stop', 'length']),
      }),
    ),
    usage: v.object({ prompt_tokens: v.number(), completion_tokens: v.number(), total_tokens: v.number() }),
  }),
  v.description("OpenAI's `chat.completion`: one choice; `usage` is what was billed (text_tokens = total_tokens)."),
);

export function registerChatCompletions(app: App, rt: Deps) {
  app.post(
    '/chat/completions',
    describeRoute({
      tags: [OPENAI_TAG],
      summary: 'Chat completion (OpenAI-compatible)',
      description:
        "OpenAI's Chat Completions API on Kiln: the same quota hold, bill (text tokens), job record and provider as POST /v1/text/generate. " +
        'An OpenAI-compatible provider (`TEXT_PROVIDER=openai`) gets the messages as sent, called by the web process itself (no queue hop) while the account has fewer than IN_PLACE_CALLS_PER_ACCOUNT such calls running, and through the queue otherwise or to retry a provider failure; ' +
        'the built-in engine (`kiln-local-text`) writes on the last user message, on a worker. ' +
        'With `stream: true` the answer is OpenAI’s `chat.completion.chunk` events ending in `data: [DONE]` (`stream_options.include_usage` adds the usage chunk). ' +
        'Tools, structured output, `n` > 1 and log probabilities are refused (400 naming the field).',
      requestBody: { content: { 'application/json': { schema: resolver(chatRequestSchema) } } },
      responses: {
        200: {
          description: 'The completion; with `stream: true`, its chunks',
          content: {
            'application/json': { schema: resolver(COMPLETION_SCHEMA) },
            'text/event-stream': { schema: { type: 'string', description: '`data: {chat.completion.chunk}` events, then `data: [DONE]`' } },
          },
        },
        ...openaiErrorResponses(400, 401, 403, 404, 429, 502, 503),
      },
    }),
    jsonBody(chatRequestSchema),
    async (c) => {
      const body = c.req.valid('json');
      const model = servedModels(rt.config).chat;
      if (body.model !== model) throw modelNotFound(body.model, model);
      const read = readChatRequest(body);
      if (!read.ok) throw paramError(read.refusal.param, read.refusal.message);
      const chat = read.value;
      const lastUser = chat.messages.findLast((m) => m.role === 'user')!;
      const decision = await decideLanguage(lastUser.content, undefined, rt.textProvider);
      if (!decision.ok) throw paramError('messages', decision.message);
      const promptTokens = chat.messages.reduce((n, m) => n + countTokens(m.content), 0);
      const hold: QuotaHold = {
        metric: 'text_tokens',
        quantity: promptTokens + chat.maxTokens,
        needs: `up to ${promptTokens + chat.maxTokens} (the messages' ${promptTokens} and max_tokens ${chat.maxTokens}; a lower max_tokens needs fewer)`,
      };
      const id = newId('cmpl');
      const input = {
        messages: chat.messages,
        max_tokens: chat.maxTokens,
        language: decision.language,
        ...chat.sampling,
        ...(chat.stream ? { stream: true } : {}),
      };
      if (answersInPlace(rt)) {
        const req = { id, kind: 'text.chat' as const, input, hold, startedAt: new Date() };
        if (chat.stream) return streamChatInPlace(c, rt, req, { model, includeUsage: chat.includeUsage }, chunkFormat(id, model, chat.includeUsage));
        return c.json(chatCompletion(await answerChatInPlace(c, rt, req), model));
      }
      if (!chat.stream) {
        const result = (await runRequestJobAndWait(c, rt, { id, kind: 'text.chat', input, hold })) as ChatResult;
        return c.json(chatCompletion(result, model));
      }
      await createRequestJob(c, rt, { id, kind: 'text.chat', input, hold });
      return streamJobEvents(c, rt, id, -1, chunkFormat(id, model, chat.includeUsage));
    },
  );
}

/**
 * The job's events as OpenAI's chunks: the opening `job` event is the role chunk, each delta a content
 * chunk, `done` the finish-reason chunk (then the usage chunk when asked) and `[DONE]`; `error` is OpenAI's
 * error object as an event, which the official clients throw. A `reset` (a retried run that wrote a
 * different text) cannot be said in OpenAI's stream and is not sent.
 */
function chunkFormat(jobId: string, model: string, includeUsage: boolean): JobEventFormat {
  const created = Math.floor(Date.now() / 1000);
  const data = (payload: unknown) => ({ data: JSON.stringify(payload) });
  return async (stream, e) => {
    if (e.event === 'job') await stream.writeSSE(data(chatChunk(jobId, model, created, { role: 'assistant', content: '' }, null, includeUsage)));
    else if (e.event === 'delta') {
      const { text } = JSON.parse(e.data) as { text: string };
      await stream.writeSSE(data(chatChunk(jobId, model, created, { content: text }, null, includeUsage)));
    } else if (e.event === 'done') {
      const result = JSON.parse(e.data) as ChatResult;
      await stream.writeSSE(data(chatChunk(jobId, model, created, {}, result.finish_reason, includeUsage)));
      if (includeUsage) await stream.writeSSE(data(usageChunk(result, model, created)));
      await stream.writeSSE({ data: '[DONE]' });
    } else if (e.event === 'error') {
      const { code, message } = JSON.parse(e.data) as { code: string; message: string };
      await stream.writeSSE(data(openaiError(code, message, 500)));
    }
  };
}
