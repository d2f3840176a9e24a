import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { countTokens, generateTextStream, type TextResult } from '../../../engines/text';
import { type JobError, jobError } from '../../../db/schema';
import { ApiError } from '../../../errors/api-error';
import { SSE_HEARTBEAT_MS } from '../../../net/event-stream';
import { type ChatResult, chatChunk, chatResultOf, chatTextRequest, openaiError, usageChunk } from '../../../openai-compat';
import { CANCEL_REASONS, cancelWhyOf } from '../../../queue/job-cancel';
import { answeredJobError } from '../../../queue/job-views';
import { followJobEvents, type JobEventFormat, streamJobEvents } from '../../job-event-stream';
import type { Runtime } from '../../../runtime';
import { PermanentJobError, refusedByProvider } from '../../../workers/errors';
import { JobCancelled } from '../../../workers/run-request-job';
import { handOverToQueue, holdInPlace, type InPlaceRequest, settleInPlace } from '../../answer-in-place';
import type { AppEnv } from '../../context';
import { enterInPlaceLane, type InPlaceLane } from '../../in-place-lane';
import { requestLogger } from '../../middleware/request-log';
import { waitForRequestJob } from './run-job';

type Deps = Pick<Runtime, 'config' | 'db' | 'redis' | 'keys' | 'channels' | 'queues' | 'jobEvents' | 'usage' | 'textProvider' | 'inPlaceCalls'>;
type ChatRequest = InPlaceRequest<'text.chat'>;

/** A lane entry outlives the longest call (the provider's timeout) by this much before it stops counting. */
const LANE_MARGIN_MS = 60_000;

/** Whether POST /v1/chat/completions is answered in place: when the text provider is another server (TEXT_PROVIDER=openai). */
export const answersInPlace = (rt: Pick<Runtime, 'textProvider' | 'config'>) =>
  rt.textProvider.remote !== undefined && rt.config.IN_PLACE_CALLS_PER_ACCOUNT > 0;

/**
 * Holds the request's quota and, at the same time, asks for a place in the account's lane of in-place
 * calls. Null: the lane is full (the account already has IN_PLACE_CALLS_PER_ACCOUNT calls running in web
 * processes) or could not be asked, and the request, its hold taken, goes to the queue, whose fair order
 * shares the workers between accounts. A refused hold (429) leaves the lane.
 */
async function holdAndEnterLane(c: Context<AppEnv>, rt: Deps, req: ChatRequest): Promise<InPlaceLane | null> {
  const timeoutMs = rt.textProvider.remote?.timeoutMs ?? 0;
  const accountId = c.get('principal').accountId;
  const [lane, hold] = await Promise.allSettled([
    enterInPlaceLane(rt.redis, rt.keys, accountId, req.id, rt.config.IN_PLACE_CALLS_PER_ACCOUNT, timeoutMs + LANE_MARGIN_MS),
    holdInPlace(c, rt, req),
  ]);
  if (hold.status === 'rejected') {
    if (lane.status === 'fulfilled') await lane.value?.leave().catch(() => {});
    throw hold.reason;
  }
  if (lane.status === 'rejected')
    requestLogger(c).warn({ err: { message: (lane.reason as Error).message }, jobId: req.id }, 'could not ask for an in-place lane; queueing');
  return lane.status === 'fulfilled' ? lane.value : null;
}

const textBill = (tokens: number) => [{ metric: 'text_tokens' as const, quantity: tokens }];

/** The error a request that failed for good answers with (its stored row's error, as the queued path throws it). */
const failedWith = (error: JobError) => {
  const answered = answeredJobError({ error });
  return new ApiError(answered.code, answered.message);
};

/**
 * A non-streamed chat answered in place: the provider's answer stored and billed as a worker would, or its
 * refusal stored as the row's error (nothing billed); a failure the queue would retry is handed to it and
 * waited for. The client's leaving does not stop it: a non-streamed answer is finished, stored and billed
 * even when its caller has gone, as a queued one is. POST /v1/jobs/{id}/cancel does: billed for the prompt.
 */
export async function answerChatInPlace(c: Context<AppEnv>, rt: Deps, req: ChatRequest): Promise<ChatResult> {
  const call = await rt.inPlaceCalls.start(req.id);
  try {
    const lane = await holdAndEnterLane(c, rt, req);
    if (!lane) {
      await handOverToQueue(c, rt, req);
      return (await waitForRequestJob(c, rt, req.id)) as ChatResult;
    }
    try {
      let out: TextResult;
      try {
        out = await rt.textProvider.generate(chatTextRequest(req.input), call.signal);
      } catch (err) {
        const why = cancelWhyOf(call.signal);
        if (why) {
          const { error } = new JobCancelled(why, []);
          await settleInPlace(c, rt, req, { status: 'failed', error, bill: textBill(promptTokensOf(req)) });
          throw failedWith(error);
        }
        const refused = refusedByProvider(err, 'text');
        if (refused instanceof PermanentJobError) {
          await settleInPlace(c, rt, req, { status: 'failed', error: refused.error, bill: [] });
          throw failedWith(refused.error);
        }
        await handOverToQueue(c, rt, req, err);
        void lane.leave().catch(() => {});
        return (await waitForRequestJob(c, rt, req.id)) as ChatResult;
      }
      const result = chatResultOf(req.id, out, req.input.max_tokens);
      await settleInPlace(c, rt, req, { status: 'succeeded', result, bill: textBill(result.tokens_used) });
      return result;
    } finally {
      // The place is free once the call is over; the answer need not wait for Redis to hear it.
      void lane.leave().catch(() => {});
    }
  } finally {
    call.done();
  }
}

const promptTokensOf = (req: ChatRequest) => req.input.messages.reduce((n, m) => n + countTokens(m.content), 0);

/**
 * A streamed chat answered in place: the role chunk at once, then the provider's deltas as OpenAI's chunks
 * as they arrive, then (after the row and the bill are written) the finish chunk, the usage chunk when
 * asked, and `[DONE]`. A client that leaves, or POST /v1/jobs/{id}/cancel, stops the provider: billed for the
 * prompt and what was written, as a cancelled queued job is. A failure the queue would retry, before anything
 * was written, is handed to the queue and the stream follows the queued job's events from there (`format`:
 * the route's chunks for them); a refusal, or a failure once text is out, ends the stream with OpenAI's error
 * event.
 */
export async function streamChatInPlace(
  c: Context<AppEnv>,
  rt: Deps & Pick<Runtime, 'jobStreams'>,
  req: ChatRequest,
  style: { model: string; includeUsage: boolean },
  format: JobEventFormat,
): Promise<Response> {
  const call = await rt.inPlaceCalls.start(req.id);
  let lane: InPlaceLane | null = null;
  // The call and its place end with the answer: here, unless the stream's body took them over.
  let bodyHasCall = false;
  try {
    lane = await holdAndEnterLane(c, rt, req);
    if (!lane) {
      await handOverToQueue(c, rt, req);
      return streamJobEvents(c, rt, req.id, -1, format);
    }
    const place = lane;
    const log = requestLogger(c);
    const created = Math.floor(req.startedAt.getTime() / 1000);
    c.header('Kiln-Job-Id', req.id);
    c.header('X-Accel-Buffering', 'no');
    bodyHasCall = true;
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => call.abort(CANCEL_REASONS.client_gone));
      const send = (payload: unknown) => writeQuietly(stream, JSON.stringify(payload));
      const chunk = (delta: { role?: 'assistant'; content?: string }, finish: ChatResult['finish_reason'] | null = null) =>
        send(chatChunk(req.id, style.model, created, delta, finish, style.includeUsage));
      const heartbeat = setInterval(() => void stream.write(': ping\n\n').catch(() => call.abort(CANCEL_REASONS.client_gone)), SSE_HEARTBEAT_MS);
      let produced = '';
      const producedBill = () => textBill(promptTokensOf(req) + countTokens(produced));
      try {
        await chunk({ role: 'assistant', content: '' });
        let out: TextResult;
        try {
          out = await generateTextStream(
            rt.textProvider,
            chatTextRequest(req.input),
            async (text) => {
              produced += text;
              await chunk({ content: text });
            },
            call.signal,
          );
        } catch (err) {
          const why = cancelWhyOf(call.signal);
          if (why) {
            const { error } = new JobCancelled(why, []);
            await settleInPlace(c, rt, req, { status: 'failed', error, bill: producedBill() });
            await send(openaiError(error.code, error.message, error.status));
            return;
          }
          const refused = refusedByProvider(err, 'text');
          if (!(refused instanceof PermanentJobError) && produced === '') {
            await handOverToQueue(c, rt, req, err);
            await place.leave().catch(() => {});
            await followJobEvents(c, rt, stream, req.id, 0, format);
            return;
          }
          // Part of the answer may be out: the bill is what was written, as for a cancel.
          const error =
            refused instanceof PermanentJobError ? refused.error : jobError('upstream_error', `The text provider failed mid-answer: ${(err as Error).message}`);
          await settleInPlace(c, rt, req, { status: 'failed', error, bill: produced ? producedBill() : [] });
          await send(openaiError(error.code, error.message, error.status));
          return;
        }
        const result = chatResultOf(req.id, out, req.input.max_tokens);
        await settleInPlace(c, rt, req, { status: 'succeeded', result, bill: textBill(result.tokens_used) });
        await chunk({}, result.finish_reason);
        if (style.includeUsage) await send(usageChunk(result, style.model, created));
        await writeQuietly(stream, '[DONE]');
      } catch (err) {
        log.error({ err: { message: (err as Error).message }, jobId: req.id }, 'an in-place chat stream could not be settled');
        call.abort('settle failed');
        await send(openaiError('internal_error', `The answer could not be stored; quote ${req.id} when reporting it.`, 500));
      } finally {
        clearInterval(heartbeat);
        call.done();
        await place.leave().catch(() => {});
      }
    });
  } finally {
    if (!bodyHasCall) {
      call.done();
      await lane?.leave().catch(() => {});
    }
  }
}

/** A write to a client that has gone is not an error here: the provider is stopped by the abort instead. */
async function writeQuietly(stream: SSEStreamingApi, data: string): Promise<void> {
  if (stream.aborted || stream.closed) return;
  await stream.writeSSE({ data }).catch(() => {});
}
