import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import type { Principal } from '../../../db/queries/accounts';
import { notFound } from '../../../errors/api-error';
import { type ModelKind, modelList, modelObject, servedModels } from '../../../openai-compat';
import { embeddingsModelOf } from '../../../openai-compat/embed-texts';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { OPENAI_TAG, openaiErrorResponses } from './openapi';

/** Each kind of model and the product (plan feature and key scope) it is used and billed under. */
const PRODUCT_OF: Record<ModelKind, 'text' | 'image' | 'voice'> = { chat: 'text', embeddings: 'text', images: 'image', speech: 'voice' };

/** The kinds of model this key may use: its plan's products, within the key's scopes. */
export function usableKinds(principal: Principal): ModelKind[] {
  return (Object.keys(PRODUCT_OF) as ModelKind[]).filter((kind) => {
    const product = PRODUCT_OF[kind];
    return principal.features.includes(product) && (principal.scopes === null || principal.scopes.includes(product));
  });
}

const modelSchema = v.object({ id: v.string(), object: v.literal('model'), created: v.number(), owned_by: v.string() });

export function registerModels(app: App, rt: Pick<Runtime, 'config' | 'embedder'>) {
  app.get(
    '/models',
    describeRoute({
      tags: [OPENAI_TAG],
      summary: 'List models (OpenAI-compatible)',
      description:
        'The model each OpenAI-compatible endpoint serves, for the products this key may use: the configured provider’s model, ' +
        'or the built-in engine’s `kiln-local-text`, `kiln-local-embeddings`, `kiln-local-image`, `kiln-local-speech`.',
      responses: {
        200: {
          description: 'The models',
          content: { 'application/json': { schema: resolver(v.object({ object: v.literal('list'), data: v.array(modelSchema) })) } },
        },
        ...openaiErrorResponses(401),
      },
    }),
    (c) => c.json(modelList(servedModels(rt.config, embeddingsModelOf(rt.embedder)), usableKinds(c.get('principal')))),
  );
  app.get(
    '/models/:model{.+}',
    describeRoute({
      tags: [OPENAI_TAG],
      summary: 'Read a model (OpenAI-compatible)',
      description:
        'One model this key may use, in OpenAI’s model object: the configured provider’s model of a kind, or the built-in engine’s `kiln-local-…` name. ' +
        'Any other id, or a model of a kind the key’s scopes exclude, is 404 `model_not_found` in OpenAI’s error shape.',
      responses: {
        200: { description: 'The model', content: { 'application/json': { schema: resolver(modelSchema) } } },
        ...openaiErrorResponses(401, 404),
      },
    }),
    (c) => {
      const id = c.req.param('model');
      const served = servedModels(rt.config, embeddingsModelOf(rt.embedder));
      const usable = usableKinds(c.get('principal')).some((kind) => served[kind] === id);
      if (!usable)
        throw Object.assign(notFound(`The model '${id}' does not exist or you do not have access to it.`), { param: 'model', openaiCode: 'model_not_found' });
      return c.json(modelObject(id));
    },
  );
}
