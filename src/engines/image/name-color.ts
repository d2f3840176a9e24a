import { hexToRgb, type Rgb } from './color';
import { COLOR_WORDS } from './color-words';

// One name per colour: the spelling variants and near-duplicates would make descriptions flicker between synonyms.
const NAMES = Object.entries(COLOR_WORDS)
  .filter(([name]) => name !== 'golden' && name !== 'gray')
  .map(([name, hex]) => ({ name, rgb: hexToRgb(hex) }));

/**
 * The colour word nearest to `c`, by a weighted RGB distance (the "redmean" approximation of perceived
 * difference), so a palette picked from a hash can still be described in words.
 */
export function nameColor(c: Rgb): string {
  let best = NAMES[0] as (typeof NAMES)[number];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const entry of NAMES) {
    const meanRed = (c.r + entry.rgb.r) / 2;
    const dr = c.r - entry.rgb.r;
    const dg = c.g - entry.rgb.g;
    const db = c.b - entry.rgb.b;
    const distance = (2 + meanRed / 256) * dr * dr + 4 * dg * dg + (2 + (255 - meanRed) / 256) * db * db;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = entry;
    }
  }
  return best.name;
}
