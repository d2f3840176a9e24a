import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { IMAGE_STYLES, readPngSize } from '../../src/engines/image';
import { renderImage } from '../../src/engines/image/render-image';
import { ridgeline } from '../../src/engines/image/ridgeline';
import { createRandom } from '../../src/lib/seeded-random';
import { IMAGE_SIZES } from '../../src/queue/jobs';

/** Local maxima of a ridge's height (smallest y) strictly inside [0, width]. */
function peaks(points: ReadonlyArray<readonly [number, number]>, width: number): number {
  let count = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const [x, y] = points[i] as [number, number];
    if (x < 0 || x > width) continue;
    if (y < (points[i - 1] as [number, number])[1] && y <= (points[i + 1] as [number, number])[1]) count++;
  }
  return count;
}

describe('the landscape size, 1792x1024', () => {
  it('is a Kiln image size', () => {
    expect(IMAGE_SIZES).toContain('1792x1024');
  });

  it.each(IMAGE_STYLES)('%s: renders a decodable PNG of exactly 1792x1024 with every motif drawn inside the canvas', async (style) => {
    const prompt = 'snowy mountains, hills and trees by a river, a house, clouds and birds under the sun';
    const { png, drawn } = renderImage({ prompt, style, width: 1792, height: 1024, variant: 0 });
    expect(readPngSize(png)).toEqual({ width: 1792, height: 1024 });
    const image = await loadImage(png);
    expect([image.width, image.height]).toEqual([1792, 1024]);
    expect(drawn.has('sun')).toBe(true);
    expect(drawn.has('mountains')).toBe(true);
    for (const [motif, box] of drawn) {
      if (!box) continue;
      expect({ motif, inside: box.x + box.width > 0 && box.x < 1792 && box.y + box.height > 0 && box.y < 1024 }).toEqual({ motif, inside: true });
    }
  });

  it.each(IMAGE_STYLES)('%s: things keep their size on a wide canvas (they scale with the shorter side, not the width)', (style) => {
    const prompt = 'the sun over a house';
    const square = renderImage({ prompt, style, width: 1024, height: 1024, variant: 0 }).drawn.get('sun');
    const wide = renderImage({ prompt, style, width: 1792, height: 1024, variant: 0 }).drawn.get('sun');
    expect(square && wide).toBeTruthy();
    // The sun is a disc, not an ellipse pulled sideways, and no wider than the square picture's.
    expect(wide!.width).toBeCloseTo(wide!.height, 6);
    expect(wide!.width).toBeLessThanOrEqual(1024 * 0.6);
  });

  it('a wide ridge has more peaks of the same shape, not the square one stretched sideways', () => {
    let square = 0;
    let wide = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const opts = { baseY: 600, amplitude: 300, roughness: 0.55, step: 1024 / 90, period: 1024 };
      square += peaks(ridgeline(createRandom(seed), 1024, opts), 1024);
      wide += peaks(ridgeline(createRandom(seed), 1792, opts), 1792);
    }
    // 1792 / 1024 = 1.75 times the length at the same period: about 1.75 times the peaks.
    expect(wide / square).toBeGreaterThan(1.5);
    expect(wide / square).toBeLessThan(2);
  });

  it('the photorealistic and illustrated skylines are as busy per pixel on a wide canvas as on a square one', async () => {
    // Direction changes of the skyline (the first non-sky row down each column), per 1,000 columns.
    const turnsPerColumn = async (style: 'photorealistic' | 'illustration', width: number) => {
      const { png } = renderImage({ prompt: 'grey mountains under a clear pale sky', style, width, height: 1024, variant: 0 });
      const { createCanvas } = await import('@napi-rs/canvas');
      const image = await loadImage(png);
      const canvas = createCanvas(width, 1024);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(image, 0, 0);
      const data = ctx.getImageData(0, 0, width, 1024).data;
      const luma = (x: number, y: number) => {
        const i = (y * width + x) * 4;
        return 0.299 * (data[i] as number) + 0.587 * (data[i + 1] as number) + 0.114 * (data[i + 2] as number);
      };
      const tops: number[] = [];
      for (let x = 4; x < width - 4; x += 4) {
        let top = 1023;
        for (let y = 40; y < 1000; y++) {
          if (Math.abs(luma(x, y) - luma(x, y - 8)) > 18) {
            top = y;
            break;
          }
        }
        tops.push(top);
      }
      let turns = 0;
      let direction = 0;
      for (let i = 1; i < tops.length; i++) {
        const d = Math.sign((tops[i] as number) - (tops[i - 1] as number));
        if (d !== 0 && d !== direction) {
          if (direction !== 0) turns++;
          direction = d;
        }
      }
      return (turns / width) * 1000;
    };
    for (const style of ['photorealistic', 'illustration'] as const) {
      const square = await turnsPerColumn(style, 1024);
      const wide = await turnsPerColumn(style, 1792);
      expect({ style, ratio: wide / square > 0.7 }).toEqual({ style, ratio: true });
    }
  });
});
