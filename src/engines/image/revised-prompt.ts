import type { ColorTarget } from './color-targets';
import { MOTIFS, type Motif } from './motif-words';
import { nameColor } from './name-color';
import type { Palette } from './palette';
import type { ImageStyle } from './types';

/** What one picture holds, as the painter recorded it: the material of its revised prompt. */
export interface DrawingSummary {
  style: ImageStyle;
  /** Motifs the prompt named. */
  requested: readonly Motif[];
  /** Motifs the painter drew (including ones it added to fill an empty prompt). */
  drawn: ReadonlySet<Motif>;
  /** Colour words the painter applied to particular things. */
  colors: ReadonlyMap<ColorTarget, readonly string[]>;
  /** Colour words that tinted the whole palette. */
  paletteColors: readonly string[];
  palette: Palette;
  tone: 'light' | 'dark' | 'neutral';
  /** Nouns of the prompt the renderer has no motif for. */
  unplaced: readonly string[];
}

const RENDERER = "Kiln's built-in renderer";

const LEADS: Record<ImageStyle, string> = {
  photorealistic: 'a photographic landscape',
  illustration: 'a flat-style illustrated landscape',
  abstract: 'an abstract composition of translucent circles, polygons, flowing lines and ribbons',
};

/** How each motif is named in a landscape, and whether it takes "a". */
const NOUNS: Record<Motif, { noun: string; single: boolean }> = {
  sun: { noun: 'sun', single: true },
  moon: { noun: 'moon', single: true },
  stars: { noun: 'stars', single: false },
  water: { noun: 'water', single: false },
  mountains: { noun: 'mountains', single: false },
  hills: { noun: 'hills', single: false },
  trees: { noun: 'trees', single: false },
  city: { noun: 'city skyline', single: true },
  clouds: { noun: 'clouds', single: false },
  flowers: { noun: 'flowers', single: false },
  birds: { noun: 'birds', single: false },
  house: { noun: 'house', single: true },
  snow: { noun: 'snow', single: false },
  night: { noun: 'night sky', single: true },
  sunset: { noun: 'sunset sky', single: true },
  desert: { noun: 'desert dunes', single: false },
  rain: { noun: 'rain', single: false },
  river: { noun: 'river', single: true },
  boat: { noun: 'boat', single: true },
};

/** The abstract style's stand-ins: the shape, then the motifs it stands for, first present wins the colour. */
const ABSTRACT_FORMS: ReadonlyArray<{ shape: string; single: boolean; motifs: readonly Motif[] }> = [
  { shape: 'orb', single: true, motifs: ['sun', 'moon', 'sunset'] },
  { shape: 'speckles', single: false, motifs: ['stars', 'snow'] },
  { shape: 'jagged bands', single: false, motifs: ['mountains', 'city'] },
  { shape: 'octagons', single: false, motifs: ['flowers'] },
  { shape: 'calm flowing lines', single: false, motifs: ['water', 'river', 'rain'] },
];

/**
 * The revised prompt: one or two plain sentences saying what the picture shows, in which colours and
 * style, and what the prompt asked for that the renderer could not draw. Written from the painter's own
 * record, so it cannot name a motif or colour the picture lacks.
 */
export function revisedPrompt(d: DrawingSummary): string {
  const items = d.style === 'abstract' ? abstractItems(d) : landscapeItems(d);
  const lead = LEADS[d.style];
  const body = items.length > 0 ? `${lead} with ${listOf(items, 'and')}` : lead;
  const palette = `palette: ${paletteWords(d)}`;
  const missing = d.unplaced.length > 0 ? `${RENDERER} has no ${listOf(d.unplaced.slice(0, 4), 'or')}${d.unplaced.length > 4 ? ' (or other)' : ''} motif` : '';
  const leftOut = leftOutNote(d);

  if (d.requested.length === 0) {
    const why = missing || `The prompt names nothing ${RENDERER} has a motif for`;
    return `${why}; drew ${body} instead; ${palette}.${leftOut}`;
  }
  return `${capitalise(body)}; ${palette}.${missing ? ` ${missing}, so it is not in the picture.` : ''}${leftOut}`;
}

function landscapeItems(d: DrawingSummary): string[] {
  const items: string[] = [];
  const skyColor = d.colors.get('sky') ?? d.colors.get('night') ?? d.colors.get('sunset');
  for (const motif of MOTIFS) {
    if (!d.drawn.has(motif)) continue;
    const { noun, single } = NOUNS[motif];
    const own = motif === 'night' || motif === 'sunset' ? skyColor : motif === 'desert' || motif === 'snow' ? undefined : d.colors.get(motif);
    items.push(phrase(noun, single, own));
  }
  if (skyColor && !d.drawn.has('night') && !d.drawn.has('sunset')) items.push(phrase('sky', true, skyColor));
  const ground = d.colors.get('ground') ?? d.colors.get('desert') ?? d.colors.get('snow');
  if (ground && !d.drawn.has('water')) items.push(phrase('ground', false, ground));
  return items;
}

function abstractItems(d: DrawingSummary): string[] {
  const items: string[] = [];
  for (const form of ABSTRACT_FORMS) {
    const present = form.motifs.filter((m) => d.drawn.has(m));
    if (present.length === 0) continue;
    const colour = present.map((m) => d.colors.get(m)).find((c) => c !== undefined);
    items.push(`${phrase(form.shape, form.single, colour)} for the ${listOf(present.map(abstractNoun), 'and')}`);
  }
  if (d.drawn.has('night')) items.push('night colours');
  const sky = d.colors.get('sky');
  if (sky) items.push(phrase('backdrop', true, sky));
  return items;
}

const abstractNoun = (m: Motif): string => (m === 'water' || m === 'rain' || m === 'snow' ? m : NOUNS[m].noun);

function phrase(noun: string, single: boolean, colors: readonly string[] | undefined): string {
  const words = colors && colors.length > 0 ? `${listOf(colors, 'and')} ${noun}` : noun;
  if (!single) return words;
  if (!colors?.length && (noun === 'sun' || noun === 'moon')) return `the ${words}`;
  return `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}`;
}

function paletteWords(d: DrawingSummary): string {
  const p = d.palette;
  const names =
    d.paletteColors.length > 0
      ? [...d.paletteColors]
      : unique((d.style === 'abstract' ? [p.primary, p.secondary, p.accent] : [p.skyTop, p.skyHorizon, ...landscapeBase(d)]).map(nameColor));
  const tone = d.tone === 'dark' ? ', darkened' : d.tone === 'light' ? ', lightened' : '';
  return `${listOf(names, 'and')}${tone}`;
}

/** The ground, or the water that replaces it unless the prompt named the water's own colour. */
function landscapeBase(d: DrawingSummary): Palette[keyof Palette][] {
  if (!d.drawn.has('water')) return [d.palette.ground];
  return d.colors.has('water') ? [] : [d.palette.water];
}

/** Motifs the prompt named that the picture does not show, with the reason where there is a plain one. */
function leftOutNote(d: DrawingSummary): string {
  const left = d.requested.filter((m) => !d.drawn.has(m));
  if (left.length === 0) return '';
  const names = left.map((m) => `the ${abstractNoun(m)}`);
  if (d.style === 'abstract') return ` Left out, as the abstract style has no shape for them: ${listOf(names, 'and')}.`;
  const parts = left.map((m) => {
    const reason = reasonLeftOut(m, d);
    return reason ? `the ${abstractNoun(m)} (${reason})` : `the ${abstractNoun(m)}`;
  });
  return ` Left out: ${listOf(parts, 'and')}.`;
}

function reasonLeftOut(m: Motif, d: DrawingSummary): string | undefined {
  if (m === 'boat') return 'a boat needs water or a river';
  if ((m === 'hills' || m === 'desert' || m === 'river' || m === 'snow') && d.drawn.has('water')) return 'the water covers the ground';
  if (m === 'sun' && d.drawn.has('moon')) return 'the moon takes its place';
  if (m === 'sun' && d.drawn.has('night')) return 'it is night';
  return undefined;
}

function listOf(items: readonly string[], conjunction: 'and' | 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

const unique = (names: readonly string[]): string[] => [...new Set(names)];
const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
