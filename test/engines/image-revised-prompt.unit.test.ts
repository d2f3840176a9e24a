import { describe, expect, it } from 'vitest';
import { describePrompt, type ImageStyle } from '../../src/engines/image';
import { MOTIFS, type Motif } from '../../src/engines/image/motif-words';
import { renderImage } from '../../src/engines/image/render-image';
import type { Box } from '../../src/engines/image/scene';
import { decodePng, type DecodedPng } from '../support/png';

type Pixel = [number, number, number];
type Test = (p: Pixel) => boolean;

const red: Test = ([r, g, b]) => r > 110 && r > g * 1.6 && r > b * 1.6;
const blue: Test = ([r, g, b]) => b > 80 && b > r * 1.25 && b > g * 1.05;
const green: Test = ([r, g, b]) => g > 70 && g > r * 1.15 && g > b * 1.05;
const purple: Test = ([r, g, b]) => r > g * 1.25 && b > g * 1.25 && b > 60;
const white: Test = ([r, g, b]) => Math.min(r, g, b) > 185;

/** Share of the pixels inside `box` (shrunk by `inset` of its size on every side) that pass `test`. */
function share(png: DecodedPng, box: Box, test: Test, inset = 0): number {
  const x0 = Math.max(0, Math.round(box.x + box.width * inset));
  const x1 = Math.min(png.width, Math.round(box.x + box.width * (1 - inset)));
  const y0 = Math.max(0, Math.round(box.y + box.height * inset));
  const y1 = Math.min(png.height, Math.round(box.y + box.height * (1 - inset)));
  let hits = 0;
  let total = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * png.width + x) * 4;
      total++;
      if (test([png.rgba[i] as number, png.rgba[i + 1] as number, png.rgba[i + 2] as number])) hits++;
    }
  }
  if (total === 0) throw new Error('empty region');
  return hits / total;
}

/** The lower part of a band-like box (mountains, hills), where the shape is solid rather than peaks against the sky. */
const lowerPart = (box: Box, from: number, to: number): Box => ({ x: box.x, y: box.y + box.height * from, width: box.width, height: box.height * (to - from) });
const whole = (png: DecodedPng): Box => ({ x: 0, y: 0, width: png.width, height: png.height });

/** Words the revised prompt uses for a drawn motif in a landscape. */
const LANDSCAPE_NOUNS: Record<Motif, RegExp> = {
  sun: /\bsun\b/,
  moon: /\bmoon\b/,
  stars: /\bstars\b/,
  water: /\bwater\b/,
  mountains: /\bmountains\b/,
  hills: /\bhills\b/,
  trees: /\btrees\b/,
  city: /\bcity skyline\b/,
  clouds: /\bclouds\b/,
  flowers: /\bflowers\b/,
  birds: /\bbirds\b/,
  house: /\bhouse\b/,
  snow: /\bsnow\b/,
  night: /\bnight sky\b/,
  sunset: /\bsunset sky\b/,
  desert: /\bdesert dunes\b/,
  rain: /\brain\b/,
  river: /\briver\b/,
  boat: /\bboat\b/,
};

function render(prompt: string, style: ImageStyle, size = 384) {
  const out = renderImage({ prompt, style, width: size, height: size, variant: 0 });
  return { ...out, picture: decodePng(out.png) };
}

/** The sentence names every motif drawn in a landscape and, outside its "Left out" note, none that was not. */
function expectNamesWhatWasDrawn(revised: string, drawn: ReadonlyMap<Motif, Box | undefined>): void {
  const [shown = ''] = revised.split(' Left out:');
  const withoutMissing = shown.replace(/has no .*? motif/, '');
  for (const motif of MOTIFS) {
    if (drawn.has(motif)) expect(withoutMissing, `${motif} in "${revised}"`).toMatch(LANDSCAPE_NOUNS[motif]);
    else if (motif !== 'sun' || !drawn.has('sunset')) expect(withoutMissing, `${motif} in "${revised}"`).not.toMatch(LANDSCAPE_NOUNS[motif]);
  }
}

describe('revised_prompt of the built-in renderer, checked against the pixels', () => {
  it.each(['photorealistic', 'illustration'] as const)('%s: "a red sun over blue mountains" draws a red sun and blue mountains, and says so', (style) => {
    const { revisedPrompt, drawn, picture } = render('a red sun over blue mountains', style);
    expect(revisedPrompt).toMatch(/\ba red sun\b/);
    expect(revisedPrompt).toMatch(/\bblue mountains\b/);
    expectNamesWhatWasDrawn(revisedPrompt, drawn);
    const sun = drawn.get('sun') as Box;
    const mountains = drawn.get('mountains') as Box;
    expect(share(picture, sun, red, 0.3)).toBeGreaterThan(0.6);
    expect(share(picture, lowerPart(mountains, 0.7, 0.95), blue)).toBeGreaterThan(0.5);
    // Qualified colours stay on their objects: the sun is not blue, the mountains are not red.
    expect(share(picture, sun, blue, 0.3)).toBeLessThan(0.05);
    expect(share(picture, lowerPart(mountains, 0.7, 0.95), red)).toBeLessThan(0.05);
  });

  it('abstract: the colours go to the shapes standing for the sun and the mountains', () => {
    const { revisedPrompt, drawn, picture } = render('a red sun over blue mountains', 'abstract');
    expect(revisedPrompt).toMatch(/^An abstract composition/);
    expect(revisedPrompt).toContain('a red orb for the sun');
    expect(revisedPrompt).toContain('blue jagged bands for the mountains');
    expect(share(picture, drawn.get('sun') as Box, red, 0.35)).toBeGreaterThan(0.5);
  });

  it('"the sea is green and the sky is purple": colour after a verb applies to its subject', () => {
    const { revisedPrompt, drawn, picture } = render('the sea is green and the sky is purple', 'illustration');
    expect(revisedPrompt).toContain('green water');
    expect(revisedPrompt).toContain('a purple sky');
    expectNamesWhatWasDrawn(revisedPrompt, drawn);
    expect(share(picture, drawn.get('water') as Box, green, 0.05)).toBeGreaterThan(0.6);
    expect(share(picture, { x: 0, y: 0, width: picture.width, height: picture.height * 0.1 }, purple)).toBeGreaterThan(0.6);
  });

  it('"orange clouds over a purple sea": purple water, photographic', () => {
    const { revisedPrompt, drawn, picture } = render('orange clouds over a purple sea', 'photorealistic');
    expect(revisedPrompt).toContain('purple water');
    expect(revisedPrompt).toContain('orange clouds');
    expectNamesWhatWasDrawn(revisedPrompt, drawn);
    expect(share(picture, drawn.get('water') as Box, purple, 0.1)).toBeGreaterThan(0.5);
  });

  it('"a red house near green trees": the walls are red', () => {
    const { revisedPrompt, drawn, picture } = render('a red house near green trees', 'photorealistic');
    expect(revisedPrompt).toContain('a red house');
    expect(revisedPrompt).toContain('green trees');
    expectNamesWhatWasDrawn(revisedPrompt, drawn);
    expect(share(picture, drawn.get('house') as Box, red, 0.15)).toBeGreaterThan(0.6);
  });

  it('"a white moon above dark green pines": a white moon, though the dark tone darkens the palette', () => {
    const { revisedPrompt, drawn, picture } = render('a white moon above dark green pines', 'illustration');
    expect(revisedPrompt).toContain('a white moon');
    expect(revisedPrompt).toContain('green trees');
    expect(revisedPrompt).toContain('darkened');
    expectNamesWhatWasDrawn(revisedPrompt, drawn);
    // The crescent fills the left of its circle.
    const moon = drawn.get('moon') as Box;
    expect(share(picture, { ...moon, width: moon.width * 0.35 }, white, 0.2)).toBeGreaterThan(0.5);
  });

  it.each(['photorealistic', 'illustration', 'abstract'] as const)(
    '%s: "a cat on a red sofa" says it has no cat or sofa and drew something else in red',
    (style) => {
      const { revisedPrompt, picture } = render('a cat on a red sofa', style);
      expect(revisedPrompt).toMatch(/^Kiln's built-in renderer has no cat or sofa motif; drew /);
      expect(revisedPrompt).toMatch(/ instead; palette: red\.$/);
      // Red where the prompt says red: the colour of a sofa it cannot draw tints the whole picture.
      const reddish: Test = ([r, g, b]) => r > g + 25 && r > b + 25;
      expect(share(picture, whole(picture), reddish)).toBeGreaterThan(0.35);
    },
  );

  it('a prompt with no nouns it knows still says what was drawn instead', () => {
    const { revisedPrompt, drawn } = render('quiet afternoon', 'illustration');
    expect(revisedPrompt).toMatch(/^The prompt names nothing Kiln's built-in renderer has a motif for; drew a flat-style illustrated landscape with /);
    expect(drawn.size).toBeGreaterThan(0);
    expectNamesWhatWasDrawn(revisedPrompt, drawn);
  });

  it('"zxq qwerty lorem": unknown words named; the sun it says it drew is a bright disc', () => {
    for (const style of ['photorealistic', 'illustration'] as const) {
      const { revisedPrompt, drawn, picture } = render('zxq qwerty lorem', style);
      expect(revisedPrompt).toMatch(/^Kiln's built-in renderer has no zxq, qwerty or lorem motif; drew /);
      expectNamesWhatWasDrawn(revisedPrompt, drawn);
      const sun = drawn.get('sun');
      if (sun) expect(share(picture, sun, ([r, g, b]) => r + g + b > 450, 0.3)).toBeGreaterThan(0.6);
    }
  });

  it('"a boat in a field": the photographic style leaves the boat out and says why', () => {
    const { revisedPrompt, drawn } = render('a boat in a field', 'photorealistic');
    expect(drawn.has('boat')).toBe(false);
    expect(revisedPrompt).toContain('Left out: the boat (a boat needs water or a river).');
    expectNamesWhatWasDrawn(revisedPrompt, drawn);
  });

  it('"red and yellow flowers": both colours on the flowers, none left for the palette', () => {
    const { revisedPrompt, drawn, picture } = render('red and yellow flowers in a field', 'illustration');
    expect(revisedPrompt).toContain('red and yellow flowers');
    expect(revisedPrompt).not.toMatch(/palette: red/);
    expectNamesWhatWasDrawn(revisedPrompt, drawn);
    expect(share(picture, lowerPart(whole(picture), 0.6, 1), red)).toBeGreaterThan(0.01);
  });
});

describe('which thing a colour word qualifies', () => {
  it('binds colours to the noun they stand before or, after a verb, to its subject; the rest tint the palette', () => {
    const colours = (prompt: string) => {
      const d = describePrompt(prompt);
      return { targets: Object.fromEntries(d.targetColors), global: d.globalColors, unplaced: d.unplaced };
    };
    expect(colours('a red sun over blue mountains')).toEqual({ targets: { sun: ['red'], mountains: ['blue'] }, global: [], unplaced: [] });
    expect(colours('a cat on a red sofa')).toEqual({ targets: {}, global: ['red'], unplaced: ['cat', 'sofa'] });
    expect(colours('Red  sun, over the SEA!')).toEqual(colours('red sun over the sea'));
    expect(colours('orange clouds and a deep blue sea').targets).toEqual({ clouds: ['orange'], water: ['blue'] });
    expect(colours('a blue mountain lake').targets).toEqual({ water: ['blue'] });
    expect(colours('the sky is red and gold').targets).toEqual({ sky: ['red', 'gold'] });
    expect(colours('a house with a red roof').targets).toEqual({ house: ['red'] });
    expect(colours('a blue landscape with hills')).toMatchObject({ targets: {}, global: ['blue'] });
  });
});
