import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { currentBillingPeriod } from '../../../billing/period';
import { billUsage } from '../../../billing/bill-usage';
import { announceUsageChange } from '../../../billing/usage-cache';
import { releaseReservation, reserveUsage } from '../../../db/queries/usage';
import { countTokens } from '../../../engines/text';
import { newId } from '../../../ids';
import { DIMS } from '../../../engines/embeddings';
import { embeddingsRequestSchema, embeddingsResponse, inputsOf, LOCAL_MODELS } from '../../../openai-compat';
import { embeddingsModelOf, embedTexts } from '../../../openai-compat/embed-texts';
import { announceWebhookEvents } from '../../../webhooks/outbox';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { jsonBody } from '../../middleware/json-body';
import { quotaExceeded } from '../../quota';
import { OPENAI_TAG, openaiErrorResponses } from './openapi';
import { modelNotFound, paramError } from './run-job';

const responseSchema = v.object({
  object: v.literal('list'),
  data: v.array(v.object({ object: v.literal('embedding'), index: v.number(), embedding: v.union([v.array(v.number()), v.string()]) })),
  model: v.string(),
  usage: v.object({ prompt_tokens: v.number(), total_tokens: v.number() }),
});

/**
 * The built-in vectors take microseconds a text, so they are computed here, in the web process, not queued:
 * a job's round trip would cost more than the work. The bill is written in the same way a worker writes
 * one: the quota checked (a hold, in the transaction) and turned into a ledger line under the key and the
 * `text` product, in text tokens of the inputs.
 */
export function registerEmbeddings(app: App, rt: Pick<Runtime, 'config' | 'db' | 'redis' | 'channels' | 'usage' | 'log' | 'embedder'>) {
  app.post(
    '/embeddings',
    describeRoute({
      tags: [OPENAI_TAG],
      summary: 'Embeddings (OpenAI-compatible)',
      description:
        `Vectors of the inputs, in order, from EMBEDDINGS_PROVIDER's model (the one \`GET /v1/models\` lists): with the built-in engine \`${LOCAL_MODELS.embeddings}\` (${DIMS} dimensions, unit length, English words; static word vectors averaged, so word order is not seen). ` +
        '`encoding_format: base64` gives the little-endian float32 bytes. Billed as text tokens of the inputs, under the `text` product and scope.',
      requestBody: { content: { 'application/json': { schema: resolver(embeddingsRequestSchema) } } },
      responses: {
        200: { description: 'The vectors', content: { 'application/json': { schema: resolver(responseSchema) } } },
        ...openaiErrorResponses(400, 401, 403, 404, 429),
      },
    }),
    jsonBody(embeddingsRequestSchema),
    async (c) => {
      const body = c.req.valid('json');
      const texts = inputsOf(body);
      const served = embeddingsModelOf(rt.embedder);
      if (body.model !== served) throw modelNotFound(body.model, served);
      const embedded = await embedTexts(rt.embedder, texts, c.req.raw.signal);
      const dims = embedded.vectors[0]?.length ?? DIMS;
      if (body.dimensions !== undefined && body.dimensions !== dims) throw paramError('dimensions', `'dimensions' must be ${dims} for ${embedded.model}.`);
      const tokens = texts.reduce((n, t) => n + countTokens(t), 0);
      const principal = c.get('principal');
      const id = newId('emb');
      const periodKey = currentBillingPeriod().key;
      const hold = { metric: 'text_tokens' as const, quantity: tokens };
      const billed = await rt.db.transaction(async (tx) => {
        const refused = await reserveUsage(tx, { accountId: principal.accountId, ...hold, quota: principal.quotas.text_tokens, sourceId: id, periodKey });
        if (refused) throw quotaExceeded(principal, hold, refused);
        await releaseReservation(tx, id);
        return billUsage(tx, {
          accountId: principal.accountId,
          keyId: principal.keyId,
          product: 'text',
          metric: 'text_tokens',
          quantity: tokens,
          sourceId: id,
          periodKey,
        });
      });
      rt.usage.forget(principal.accountId);
      await announceUsageChange(rt.redis, rt.channels.usageChanged, principal.accountId).catch(() => {});
      if (billed && billed.events > 0) await announceWebhookEvents(rt, rt.log, principal.accountId).catch(() => {});
      return c.json(embeddingsResponse(embedded.vectors, embedded.model, tokens, body.encoding_format));
    },
  );
}
