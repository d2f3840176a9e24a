import { analyse, splitSentences } from '../../../src/engines/text/nlp';
import { isContentWord } from '../../../src/engines/text/substitute';

/** Any English contraction (straight or curly apostrophe); possessives like "Smith's" are not. */
export const CONTRACTION = /\b\w+n['’]t\b|\b\w+['’](?:re|ve|ll|m|d)\b|\b(?:it|he|she|that|there|here|what|who|where|how|let)['’]s\b/i;

export const HEDGE_OR_CONNECTOR = /\b(?:may|might|appears? to|suggests?|arguably|generally|Moreover|Furthermore|Consequently)\b/;

/** Body sentences of a text, title line excluded when `title` is set. */
export function sentencesOf(text: string, title = false): string[] {
  const body = title ? text.split('\n').slice(1).join('\n') : text;
  return splitSentences(body);
}

/** Numbers as written ("4,500", "2019", "3.5"). */
export function numbersOf(text: string): string[] {
  return text.match(/\d[\d,.]*\d|\d/g) ?? [];
}

/** Capitalised words that do not open a sentence: names. */
export function namesOf(text: string): string[] {
  const names: string[] = [];
  for (const sentence of splitSentences(text)) {
    const words = sentence.split(/\s+/).slice(1);
    for (const word of words) {
      const clean = word.replace(/^[^A-Za-z]+|[^A-Za-z.]+$/g, '').replace(/\.$/, '');
      if (/^[A-Z][a-z]+$/.test(clean) && !['However', 'Because', 'When', 'Although', 'If', 'The', 'In'].includes(clean)) names.push(clean);
    }
  }
  return names;
}

/**
 * Share of the input's content words (nouns, verbs, adjectives, adverbs; no names, no stop words) that
 * no longer appear in the output: each input occurrence consumes one matching output word if there is one.
 */
export function changedShare(input: string, output: string): { changed: number; total: number; share: number } {
  const inWords = analyse(input)
    .flatMap((line) => line.sentences.flat())
    .filter(isContentWord)
    .map((t) => t.text.toLowerCase());
  const bag = new Map<string, number>();
  for (const w of output.toLowerCase().match(/[a-z'’-]+/g) ?? []) bag.set(w, (bag.get(w) ?? 0) + 1);
  let changed = 0;
  for (const w of inWords) {
    const n = bag.get(w) ?? 0;
    if (n > 0) bag.set(w, n - 1);
    else changed++;
  }
  return { changed, total: inWords.length, share: inWords.length ? changed / inWords.length : 0 };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
