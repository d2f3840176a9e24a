import type { Word } from './csv-words';

/** A median or percentile the question asks for, and the words that ask it. */
export interface AskedPercentile {
  op: 'median' | 'percentile';
  /** The percentile as a fraction written exactly ("0.9", "0.25", "0.5"). */
  fraction: string;
  /** Index of the word that asks ("median", "percentile", "quartile"). */
  at: number;
  /** Every word that is part of the asking ("90", "th", "percentile"), so none is read as a filter value. */
  words: number[];
}

const ORDINAL_SUFFIX = new Set(['st', 'nd', 'rd', 'th']);
const QUARTILES: Record<string, string> = { first: '0.25', lower: '0.25', second: '0.5', third: '0.75', upper: '0.75' };

/**
 * "median", "the 90th percentile", "percentile 90", "p90", "the first/lower/upper/third quartile". null when
 * none is asked; undefined when one is asked but its rank cannot be read ("what percentile…", "101st
 * percentile"), which the planner must refuse rather than guess.
 */
export function askedPercentile(words: readonly Word[]): AskedPercentile | null | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.norm;
    if (w === 'median') return { op: 'median', fraction: '0.5', at: i, words: [i] };
    const p = /^p(\d{1,2}(?:\.\d+)?)$/.exec(w);
    if (p) return percentile(p[1]!, i, [i]);
    if (w === 'percentile') {
      let k = i - 1;
      if (ORDINAL_SUFFIX.has(words[k]?.norm ?? '')) k -= 1;
      if (words[k]?.number !== undefined) return percentile(words[k]!.number!, i, range(k, i));
      if (words[i + 1]?.number !== undefined) return percentile(words[i + 1]!.number!, i, [i, i + 1]);
      return undefined;
    }
    if (w === 'quartile') {
      const which = words[i - 1]?.norm ?? '';
      if (Object.hasOwn(QUARTILES, which)) return { op: 'percentile', fraction: QUARTILES[which]!, at: i, words: [i - 1, i] };
      return undefined;
    }
  }
  return null;
}

function percentile(rank: string, at: number, words: number[]): AskedPercentile | undefined {
  const n = Number(rank);
  if (!Number.isFinite(n) || n < 0 || n > 100) return undefined;
  if (rank === '50') return { op: 'median', fraction: '0.5', at, words };
  return { op: 'percentile', fraction: percentFraction(rank), at, words };
}

/** "90" → "0.9", "2.5" → "0.025", "100" → "1": by moving the decimal point, so no float rounding enters. */
export function percentFraction(rank: string): string {
  const [whole = '0', fraction = ''] = rank.split('.');
  const digits = `${whole.padStart(3, '0')}${fraction}`;
  const out = `${digits.slice(0, -2 - fraction.length) || '0'}.${digits.slice(-2 - fraction.length)}`;
  return out.replace(/^0+(?=\d)/, '').replace(/\.?0+$/, '') || '0';
}

/** The rank back as people say it: "0.9" → "90th", "0.025" → "2.5th", "0.01" → "1st". */
export function percentileName(fraction: string): string {
  const [whole = '0', digits = ''] = fraction.split('.');
  const padded = digits.padEnd(2, '0');
  const rank = `${Number(`${whole}${padded.slice(0, 2)}`)}${padded.length > 2 ? `.${padded.slice(2)}` : ''}`;
  const last = Number(rank.slice(-1));
  const teen = Math.floor((Number(rank) % 100) / 10) === 1;
  const suffix = teen || rank.includes('.') ? 'th' : last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th';
  return `${rank}${suffix}`;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, k) => from + k);
}
