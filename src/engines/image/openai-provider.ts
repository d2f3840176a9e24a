import { callProvider, httpFailure, readJson } from '../provider-error';
import { ImageProviderError } from './image-provider-error';
import { imageModelRules, sizeForModel } from './openai-image-models';
import { isPng, readPngSize } from './png-info';
import { resizePng } from './resize-png';
import { promptWithStyle } from './style-hints';
import type { GeneratedImage, ImageProvider, ImageRequest } from './types';

export interface OpenAIImageProviderOptions {
  /** API root including the version, e.g. `http://host/v1`. */
  baseUrl: string;
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
}

const DEFAULT_MODEL = 'gpt-image-1';
const DEFAULT_TIMEOUT_MS = 120_000;

interface ImagesResponse {
  data?: Array<{ b64_json?: string; url?: string; revised_prompt?: unknown }>;
}

/** Any OpenAI-compatible `/images/generations` endpoint (OpenAI, LocalAI, vLLM-style gateways). */
export function createOpenAIImageProvider(opts: OpenAIImageProviderOptions): ImageProvider {
  const endpoint = `${opts.baseUrl.replace(/\/+$/, '')}/images/generations`;
  const model = opts.model ?? DEFAULT_MODEL;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    name: 'openai',
    async generate(req: ImageRequest, signal?: AbortSignal): Promise<GeneratedImage> {
      const rules = imageModelRules(model);
      // The model draws at its own nearest size; the answer is scaled and centre-cropped to the size asked.
      const body = JSON.stringify({
        model,
        prompt: promptWithStyle(req.prompt, req.style, rules.maxPrompt),
        n: 1,
        size: sizeForModel(rules, req.width, req.height),
        ...(rules.responseFormat ? { response_format: 'b64_json' } : {}),
      });

      return callProvider({
        endpoint,
        apiKey: opts.apiKey,
        body,
        timeoutMs,
        signal,
        server: 'image server',
        ErrorClass: ImageProviderError,
        read: async (res, combined) => {
          const json = await readJson<ImagesResponse, ImageProviderError>(res, 'image server', ImageProviderError);
          const png = await imageBytes(json, combined);
          if (!isPng(png)) throw new ImageProviderError('image server returned data that is not a PNG');
          // DALL-E 3 rewrites prompts and says so here; servers that do not simply leave it out.
          const revised = json.data?.[0]?.revised_prompt;
          const made = readPngSize(png);
          const resized = await resizePng(png, req.width, req.height);
          const note = resizeNote(model, made, req.width, req.height);
          return {
            png: resized,
            ...(typeof revised === 'string' && revised.trim() !== '' ? { revisedPrompt: revised } : {}),
            ...(note ? { note } : {}),
          };
        },
      });
    },
  };
}

/**
 * What the caller is told when the model drew another size: "drawn by dall-e-2 at 1024x1024, cropped and
 * scaled to 1024x1792" (cropped only when the shapes differ: the picture is scaled to cover, then centred).
 */
export function resizeNote(model: string, made: { width: number; height: number }, width: number, height: number): string | undefined {
  if (made.width === width && made.height === height) return undefined;
  const sameShape = made.width * height === made.height * width;
  return `drawn by ${model} at ${made.width}x${made.height}, ${sameShape ? 'scaled' : 'cropped and scaled'} to ${width}x${height}`;
}

async function imageBytes(json: ImagesResponse, signal: AbortSignal): Promise<Buffer> {
  const first = json.data?.[0];
  if (first?.b64_json) return Buffer.from(first.b64_json, 'base64');
  if (first?.url) {
    const res = await fetch(first.url, { signal });
    if (!res.ok) throw await httpFailure(res, 'image download', ImageProviderError);
    return Buffer.from(await res.arrayBuffer());
  }
  throw new ImageProviderError('image server response has neither data[0].b64_json nor data[0].url');
}
