import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  createImageProvider,
  createLocalImageProvider,
  describePrompt,
  IMAGE_STYLES,
  readPngSize,
  type ImageRequest,
  type ImageStyle,
} from '../../src/engines/image';
import { renderImage } from '../../src/engines/image/render-image';

const base: ImageRequest = { prompt: 'a lighthouse on a cliff', style: 'photorealistic', width: 512, height: 512, variant: 0 };

/** Decodes a PNG and returns its pixels scaled down to size x size, so comparisons are cheap and tolerant of detail. */
async function thumbnail(png: Buffer, size = 32): Promise<Uint8ClampedArray> {
  const image = await loadImage(png);
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0, size, size);
  return ctx.getImageData(0, 0, size, size).data;
}

function meanAbsDiff(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) sum += Math.abs((a[i] as number) - (b[i] as number));
  return sum / ((a.length / 4) * 3);
}

function channelMeans(px: Uint8ClampedArray): { r: number; g: number; b: number } {
  let r = 0,
    g = 0,
    b = 0;
  const n = px.length / 4;
  for (let i = 0; i < px.length; i += 4) {
    r += px[i] as number;
    g += px[i + 1] as number;
    b += px[i + 2] as number;
  }
  return { r: r / n, g: g / n, b: b / n };
}

function lumaVariance(px: Uint8ClampedArray): number {
  const lumas: number[] = [];
  for (let i = 0; i < px.length; i += 4) lumas.push(0.299 * (px[i] as number) + 0.587 * (px[i + 1] as number) + 0.114 * (px[i + 2] as number));
  const mean = lumas.reduce((s, v) => s + v, 0) / lumas.length;
  return lumas.reduce((s, v) => s + (v - mean) ** 2, 0) / lumas.length;
}

describe('renderImage', () => {
  it.each([
    [512, 512],
    [1024, 1024],
    [1024, 1792],
    [1792, 1024],
  ])('renders a decodable PNG of exactly %ix%i in every style', async (width, height) => {
    for (const style of IMAGE_STYLES) {
      const png = renderImage({ ...base, style, width, height }).png;
      expect(readPngSize(png)).toEqual({ width, height });
      const image = await loadImage(png);
      expect([image.width, image.height]).toEqual([width, height]);
    }
  });

  it('decodes to the same pixels the painter drew, fully opaque', async () => {
    const px = await thumbnail(renderImage({ ...base, prompt: 'red sun over blue sea' }).png, 16);
    for (let i = 3; i < px.length; i += 4) expect(px[i]).toBe(255);
    expect(lumaVariance(px)).toBeGreaterThan(50);
  });

  it('is deterministic: the same request gives byte-identical PNGs', () => {
    for (const style of IMAGE_STYLES) {
      const req = { ...base, style, prompt: 'snowy mountains and a river at sunset' };
      expect(renderImage(req).png.equals(renderImage({ ...req }).png)).toBe(true);
    }
  });

  it('ignores case and punctuation differences in the prompt', () => {
    const a = renderImage({ ...base, prompt: 'Red  sun, over the SEA!' }).png;
    const b = renderImage({ ...base, prompt: 'red sun over the sea' }).png;
    expect(a.equals(b)).toBe(true);
  });

  it('gives a different picture for each variant', async () => {
    for (const style of IMAGE_STYLES) {
      const v0 = renderImage({ ...base, style, variant: 0 }).png;
      const v1 = renderImage({ ...base, style, variant: 1 }).png;
      expect(v0.equals(v1)).toBe(false);
      expect(meanAbsDiff(await thumbnail(v0), await thumbnail(v1))).toBeGreaterThan(3);
    }
  });

  it('gives a different picture for a different prompt', () => {
    const a = renderImage({ ...base, prompt: 'a forest' }).png;
    const b = renderImage({ ...base, prompt: 'a city' }).png;
    expect(a.equals(b)).toBe(false);
  });

  it('makes the three styles look substantially different', async () => {
    for (const prompt of ['a green forest with a house', 'blue ocean at night with a boat', 'hello world']) {
      const thumbs = new Map<ImageStyle, Uint8ClampedArray>();
      for (const style of IMAGE_STYLES) thumbs.set(style, await thumbnail(renderImage({ ...base, prompt, style }).png));
      const [p, i, a] = IMAGE_STYLES.map((s) => thumbs.get(s) as Uint8ClampedArray) as [Uint8ClampedArray, Uint8ClampedArray, Uint8ClampedArray];
      expect(meanAbsDiff(p, i)).toBeGreaterThan(12);
      expect(meanAbsDiff(p, a)).toBeGreaterThan(12);
      expect(meanAbsDiff(i, a)).toBeGreaterThan(12);
    }
  });

  it('lets colour words move the average colour', async () => {
    for (const style of IMAGE_STYLES) {
      const red = channelMeans(await thumbnail(renderImage({ ...base, style, prompt: 'a red landscape with hills' }).png));
      const blue = channelMeans(await thumbnail(renderImage({ ...base, style, prompt: 'a blue landscape with hills' }).png));
      const green = channelMeans(await thumbnail(renderImage({ ...base, style, prompt: 'a green landscape with hills' }).png));
      expect(red.r).toBeGreaterThan(blue.r + 15);
      expect(blue.b).toBeGreaterThan(red.b + 15);
      expect(green.g - green.r).toBeGreaterThan(red.g - red.r + 15);
    }
  });

  it('darkens the sky for night prompts', async () => {
    const night = channelMeans(await thumbnail(renderImage({ ...base, prompt: 'hills at night' }).png));
    const day = channelMeans(await thumbnail(renderImage({ ...base, prompt: 'hills at noon' }).png));
    expect(night.r + night.g + night.b).toBeLessThan(day.r + day.g + day.b - 60);
  });

  it('paints a non-uniform picture for a prompt with no known words', async () => {
    for (const style of IMAGE_STYLES) {
      const px = await thumbnail(renderImage({ ...base, style, prompt: 'zxq qwerty lorem' }).png, 64);
      expect(lumaVariance(px)).toBeGreaterThan(40);
    }
  });

  it('rejects sizes and variants it cannot render', () => {
    expect(() => renderImage({ ...base, width: 0 }).png).toThrow(RangeError);
    expect(() => renderImage({ ...base, height: 512.5 }).png).toThrow(RangeError);
    expect(() => renderImage({ ...base, width: 100_000 }).png).toThrow(RangeError);
    expect(() => renderImage({ ...base, variant: -1 }).png).toThrow(RangeError);
    expect(() => renderImage({ ...base, style: 'cubist' as ImageStyle }).png).toThrow(RangeError);
  });
});

describe('describePrompt', () => {
  it('finds motifs regardless of plural and case', () => {
    expect(describePrompt('Mountains and a TREE by the Sea').motifs).toEqual(['water', 'mountains', 'trees']);
    expect(describePrompt('three STARS, two moons, cities and clouds').motifs).toEqual(['moon', 'stars', 'city', 'clouds']);
    expect(describePrompt('flowers, birds, houses, boats, rivers, hills').motifs).toEqual(['hills', 'flowers', 'birds', 'house', 'river', 'boat']);
    expect(describePrompt('buildings on the skyline, a forest, ocean waves').motifs).toEqual(['water', 'trees', 'city']);
    expect(describePrompt('snow in the desert, rain on the lake, a sunrise').motifs).toEqual(['water', 'snow', 'sunset', 'desert', 'rain']);
    expect(describePrompt('the sun').motifs).toEqual(['sun']);
  });

  it('adds stars to night scenes and keeps sunset distinct from sun', () => {
    expect(describePrompt('a city at night').motifs).toEqual(['stars', 'city', 'night']);
    expect(describePrompt('sunset').motifs).toEqual(['sunset']);
  });

  it('finds no motifs in unrelated words, even ones that contain motif words', () => {
    expect(describePrompt('a portrait of a cat').motifs).toEqual([]);
    expect(describePrompt('sunday starter moonshot').motifs).toEqual([]);
  });

  it('collects colour words and tints the palette with them', () => {
    const d = describePrompt('A Red car, a GOLD ring and a teal door, red again, grey sky');
    expect(d.colors).toEqual(['red', 'gold', 'teal', 'grey']);
    expect(d.palette.primary).toEqual({ r: 0xd6, g: 0x28, b: 0x28 });
    const blue = describePrompt('a blue car').palette;
    const red = describePrompt('a red car').palette;
    expect(red.skyTop.r).toBeGreaterThan(blue.skyTop.r);
    expect(blue.skyTop.b).toBeGreaterThan(red.skyTop.b);
  });

  it('knows at least twenty colour names', () => {
    const names = [
      'red',
      'orange',
      'yellow',
      'green',
      'blue',
      'purple',
      'pink',
      'brown',
      'black',
      'white',
      'gray',
      'grey',
      'gold',
      'silver',
      'teal',
      'cyan',
      'magenta',
      'violet',
      'indigo',
      'turquoise',
      'crimson',
      'navy',
      'beige',
      'lavender',
    ];
    expect(describePrompt(names.join(' ')).colors).toEqual(names);
  });

  it('derives a hash palette for prompts without colours, stable per prompt and varied across prompts', () => {
    const a = describePrompt('quiet afternoon');
    expect(a.colors).toEqual([]);
    expect(describePrompt('quiet afternoon').palette).toEqual(a.palette);
    const hues = new Set(['one', 'two', 'three', 'four', 'five'].map((w) => JSON.stringify(describePrompt(w).palette.primary)));
    expect(hues.size).toBeGreaterThan(3);
  });
});

describe('providers', () => {
  it('local provider returns the same bytes as renderImage', async () => {
    const provider = createLocalImageProvider();
    expect(provider.name).toBe('local');
    const { png } = await provider.generate(base);
    expect(png.equals(renderImage(base).png)).toBe(true);
  });

  it('local provider honours an already-aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(createLocalImageProvider().generate(base, controller.signal)).rejects.toThrow('cancelled');
  });

  it('createImageProvider picks the provider from config', () => {
    expect(createImageProvider({ provider: 'local' }).name).toBe('local');
    expect(createImageProvider({ provider: 'openai', openaiBaseUrl: 'http://127.0.0.1:1/v1' }).name).toBe('openai');
    expect(() => createImageProvider({ provider: 'openai' })).toThrow(/openaiBaseUrl/);
  });
});
