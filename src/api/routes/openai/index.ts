import type { Hono, MiddlewareHandler } from 'hono';
import { forbidden } from '../../../errors/api-error';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { requireFeature } from '../../middleware/auth';
import { routeGroup } from '../../route-group';
import { registerAudioSpeech } from './audio-speech';
import { registerChatCompletions } from './chat-completions';
import { registerEmbeddings } from './embeddings';
import { registerImagesGenerations } from './images-generations';
import { registerModels, usableKinds } from './models';

export { OPENAI_PATHS, openaiErrorShape } from './error-shape';

/**
 * OpenAI's API on Kiln's keys (src/openai-compat/ maps the shapes). Each endpoint is used and billed as the
 * product it does the work of, so each is its own group with that product's guard: chat and embeddings
 * `text` (billed in text tokens), images `image`, speech `voice`; the model list needs only a key and shows
 * the models of the products the key may use.
 */
/** The model list's guard: the key must be allowed one of the products a model serves (text, image, voice). */
const anyModelProduct: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (usableKinds(c.get('principal')).length === 0) throw forbidden('This key may use none of the products the models serve (text, image, voice).');
  await next();
};

export function openaiRoutes(rt: Runtime): Hono<AppEnv> {
  const chat = routeGroup(rt, { prefixes: ['/chat'], guard: requireFeature('text') });
  registerChatCompletions(chat, rt);
  const embeddings = routeGroup(rt, { prefixes: ['/embeddings'], guard: requireFeature('text') });
  registerEmbeddings(embeddings, rt);
  const images = routeGroup(rt, { prefixes: ['/images'], guard: requireFeature('image') });
  registerImagesGenerations(images, rt);
  const audio = routeGroup(rt, { prefixes: ['/audio'], guard: requireFeature('voice') });
  registerAudioSpeech(audio, rt);
  const models = routeGroup(rt, { prefixes: ['/models'], guard: anyModelProduct });
  registerModels(models, rt);
  for (const group of [embeddings, images, audio, models]) chat.route('/', group);
  return chat;
}
