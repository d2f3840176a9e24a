/**
 * What OpenAI's Images API accepts from each model family (API reference, "Create image"): the sizes each
 * draws, and whether it takes `response_format` (the GPT image models always answer base64 and refuse the
 * parameter: 400 "Unknown parameter: 'response_format'"). A model OpenAI does not name (another server's,
 * e.g. LocalAI's) is sent the size asked and `response_format`, as the API was before the GPT image models.
 */
export interface ImageModelRules {
  /** `WxH` sizes the model draws; null: send the size asked. */
  sizes: readonly string[] | null;
  responseFormat: boolean;
  /** Longest `prompt` the model takes, in characters; null: no limit known. */
  maxPrompt: number | null;
}

const GPT_IMAGE: ImageModelRules = { sizes: ['1024x1024', '1536x1024', '1024x1536'], responseFormat: false, maxPrompt: 32_000 };
const DALL_E_3: ImageModelRules = { sizes: ['1024x1024', '1792x1024', '1024x1792'], responseFormat: true, maxPrompt: 4_000 };
const DALL_E_2: ImageModelRules = { sizes: ['256x256', '512x512', '1024x1024'], responseFormat: true, maxPrompt: 1_000 };
const OTHER: ImageModelRules = { sizes: null, responseFormat: true, maxPrompt: null };

export function imageModelRules(model: string): ImageModelRules {
  const m = model.toLowerCase();
  if (m.startsWith('gpt-image-')) return GPT_IMAGE;
  if (m === 'dall-e-3') return DALL_E_3;
  if (m === 'dall-e-2') return DALL_E_2;
  return OTHER;
}

const parse = (size: string) => size.split('x').map(Number) as [number, number];

/**
 * The size to ask the model for: the one nearest in shape to `width`×`height` (then nearest in area, the
 * larger on a tie), so that scaling and centre-cropping it to the size asked loses the least.
 */
export function sizeForModel(rules: ImageModelRules, width: number, height: number): string {
  if (!rules.sizes) return `${width}x${height}`;
  const want = Math.log(width / height);
  const area = width * height;
  let best = rules.sizes[0]!;
  let bestKey: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  for (const size of rules.sizes) {
    const [w, h] = parse(size);
    const key: [number, number] = [Math.abs(Math.log(w / h) - want), Math.abs(Math.log((w * h) / area)) - (w * h >= area ? 1e-9 : 0)];
    if (key[0] < bestKey[0] - 1e-9 || (Math.abs(key[0] - bestKey[0]) <= 1e-9 && key[1] < bestKey[1])) {
      best = size;
      bestKey = key;
    }
  }
  return best;
}
