import { darken, hexToRgb, hsl, hueOf, lighten, mix, saturationOf, type Rgb } from './color';
import type { Motif } from './motif-words';

export interface Palette {
  skyTop: Rgb;
  skyHorizon: Rgb;
  sun: Rgb;
  ground: Rgb;
  groundFar: Rgb;
  water: Rgb;
  primary: Rgb;
  secondary: Rgb;
  accent: Rgb;
  /** Outline and silhouette colour: dark, but tinted so it never reads as pure black. */
  ink: Rgb;
  light: Rgb;
}

export interface PaletteInput {
  /** Colours named in the prompt, in prompt order. */
  tints: readonly Rgb[];
  motifs: ReadonlySet<Motif>;
  tone: 'light' | 'dark' | 'neutral';
  /** Hash of the prompt; picks the hue when the prompt names no colour. */
  seed: number;
  /** A colour the prompt gives the sky itself ("under a purple sky"): it wins over tints and time of day. */
  sky?: Rgb;
  /** Likewise for the ground ("green grass", "a red desert"). */
  ground?: Rgb;
}

// How strongly named colours pull the scene colours; high enough that "red" vs "blue" is obvious at a glance.
const TINT_PULL = 0.6;

export function buildPalette({ tints, motifs, tone, seed, sky, ground }: PaletteInput): Palette {
  const chromatic = tints.find((t) => saturationOf(t) > 0.2);
  const hue = chromatic ? hueOf(chromatic) : seed % 360;
  // A second seeded hue offset keeps hash-only palettes from all being simple analogous ramps.
  const spread = 25 + ((seed >>> 9) % 50);

  let palette: Palette = {
    skyTop: hsl(hue + 10, 0.55, 0.38),
    skyHorizon: hsl(hue + spread, 0.6, 0.78),
    // Kept in the warm yellows whatever the scene hue: a green or violet sun reads as a bug.
    sun: hsl(35 + ((seed >>> 3) % 20), 0.95, 0.82),
    ground: hsl(hue + 150, 0.35, 0.28),
    groundFar: hsl(hue + 130, 0.3, 0.45),
    water: hsl(hue + 190, 0.45, 0.35),
    primary: hsl(hue, 0.65, 0.55),
    secondary: hsl(hue + spread * 2, 0.6, 0.6),
    accent: hsl(hue + 180, 0.7, 0.55),
    ink: hsl(hue + 200, 0.35, 0.1),
    light: hsl(hue + 40, 0.4, 0.95),
  };

  if (motifs.has('sunset')) {
    palette = {
      ...palette,
      skyTop: mix(hexToRgb('#2e1f5e'), palette.skyTop, 0.25),
      skyHorizon: hexToRgb('#ff9a4a'),
      sun: hexToRgb('#ffd27a'),
      water: mix(hexToRgb('#4a2d55'), palette.water, 0.3),
    };
  }
  if (motifs.has('night')) {
    palette = {
      ...palette,
      skyTop: hexToRgb('#050816'),
      skyHorizon: mix(hexToRgb('#1b2550'), palette.skyHorizon, 0.15),
      sun: hexToRgb('#f3f0dc'),
      ground: darken(palette.ground, 0.65),
      groundFar: darken(palette.groundFar, 0.6),
      water: darken(palette.water, 0.6),
    };
  }
  if (motifs.has('desert')) {
    palette = { ...palette, ground: hexToRgb('#c98f4e'), groundFar: hexToRgb('#e2b77c') };
  }
  if (motifs.has('snow')) {
    palette = { ...palette, ground: hexToRgb('#e8eef5'), groundFar: hexToRgb('#cfd9e6') };
  }
  if (motifs.has('rain')) {
    const overcast = hexToRgb('#6b7480');
    palette = { ...palette, skyTop: mix(palette.skyTop, overcast, 0.6), skyHorizon: mix(palette.skyHorizon, overcast, 0.5) };
  }

  palette = applyTints(palette, tints);
  if (sky) palette = { ...palette, skyTop: darken(sky, 0.15), skyHorizon: lighten(sky, 0.3) };
  if (ground) palette = { ...palette, ground: darken(ground, 0.1), groundFar: lighten(ground, 0.15) };
  if (tone === 'light') palette = mapPalette(palette, (c) => lighten(c, 0.25));
  if (tone === 'dark') palette = mapPalette(palette, (c) => darken(c, 0.35));
  return palette;
}

function applyTints(palette: Palette, tints: readonly Rgb[]): Palette {
  const [first, second, third] = tints;
  if (!first) return palette;
  const alt = second ?? first;
  return {
    ...palette,
    skyTop: mix(palette.skyTop, darken(first, 0.2), TINT_PULL),
    skyHorizon: mix(palette.skyHorizon, lighten(alt, 0.25), TINT_PULL),
    sun: mix(palette.sun, lighten(first, 0.5), 0.4),
    ground: mix(palette.ground, darken(third ?? alt, 0.35), TINT_PULL * 0.8),
    groundFar: mix(palette.groundFar, third ?? alt, TINT_PULL * 0.7),
    water: mix(palette.water, darken(first, 0.15), TINT_PULL * 0.8),
    primary: first,
    secondary: alt,
    accent: third ?? mix(palette.accent, first, 0.3),
    ink: mix(palette.ink, darken(first, 0.85), 0.5),
  };
}

function mapPalette(palette: Palette, fn: (c: Rgb) => Rgb): Palette {
  const out = { ...palette };
  for (const key of Object.keys(out) as (keyof Palette)[]) out[key] = fn(out[key]);
  return out;
}

/**
 * Palette colours for water of a named colour ("a green sea"): water paints blend in the sky it
 * reflects, so the reflected sky takes the colour too, or the water would read as the sky's.
 */
export function waterColors(colour: Rgb): Partial<Palette> {
  return { water: colour, skyHorizon: lighten(colour, 0.3), skyTop: darken(colour, 0.15) };
}
