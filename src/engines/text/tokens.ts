/**
 * Kiln counts text tokens with ONE tokenizer everywhere: OpenAI's `o200k_base` (GPT-4o family), via
 * `gpt-tokenizer`. Prompt and output are both counted with it, whatever engine produced the text, so
 * `tokens_used` means the same thing on every provider and `max_tokens` is a hard, checkable cap.
 *
 * Special-token markers such as `<|endoftext|>` in user text are counted as the plain characters they
 * are: the text never reaches a model as control tokens, and refusing such input would be a surprise.
 */
import { createRequire } from 'node:module';

type O200k = typeof import('gpt-tokenizer/encoding/o200k_base');

/**
 * The o200k vocabulary costs about 70 MB once loaded, so it is loaded on first use, not on import:
 * every process imports this module (the API counts prompts), but voice or hosting workers never count.
 */
let o200k: O200k | undefined;
function tokenizer(): O200k {
  o200k ??= createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as O200k;
  return o200k;
}
const encode: O200k['encode'] = (text, opts) => tokenizer().encode(text, opts);
const decode: O200k['decode'] = (ids) => tokenizer().decode(ids);

const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export const TOKENIZER = 'o200k_base';

export function encodeTokens(text: string): number[] {
  return encode(text, PLAIN_TEXT);
}

/** Number of o200k tokens in `text`. */
export function countTokens(text: string): number {
  return encodeTokens(text).length;
}

/**
 * The longest prefix of `text` that is at most `max` o200k tokens, cut where a reader would cut:
 * after a sentence (or line) when that keeps at least half of what fits, otherwise after a word, and
 * only as a last resort inside a word (a single word longer than the budget). The result is verified by
 * re-encoding, because BPE merges across the cut mean a prefix's count is not simply a prefix of the
 * full encoding. Text already within budget is returned unchanged.
 */
export function truncateToTokens(text: string, max: number): string {
  const budget = Math.floor(max);
  if (budget <= 0) return '';
  const ids = encodeTokens(text);
  if (ids.length <= budget) return text;

  const fits = (candidate: string): boolean => candidate.length > 0 && countTokens(candidate) <= budget;
  // How many characters the first `budget` tokens cover; a token ending mid-character decodes to U+FFFD.
  const reach = Math.min(text.length, decode(ids.slice(0, budget)).replace(/\uFFFD+$/, '').length);

  const sentenceCut = lastFitting(sentenceEnds(text, reach), text, fits);
  if (sentenceCut !== undefined && sentenceCut.length * 2 >= reach) return sentenceCut;
  const wordCut = lastFitting(wordEnds(text, reach), text, fits);
  if (wordCut !== undefined) return wordCut;
  if (sentenceCut !== undefined) return sentenceCut;

  for (let n = budget; n > 0; n--) {
    const candidate = decode(ids.slice(0, n))
      .replace(/\uFFFD+$/, '')
      .trimEnd();
    if (fits(candidate)) return candidate;
  }
  return '';
}

/** Tries cut positions from the last one back; the first that fits wins. Usually the first try. */
function lastFitting(ends: number[], text: string, fits: (candidate: string) => boolean): string | undefined {
  for (let i = ends.length - 1; i >= 0; i--) {
    const candidate = tidyCut(text.slice(0, ends[i]));
    if (fits(candidate)) return candidate;
  }
  return undefined;
}

/** Positions just after a sentence end (`.`, `!`, `?`, `…`, plus closing quotes or brackets) or at a line end, up to `limit`. */
function sentenceEnds(text: string, limit: number): number[] {
  const ends: number[] = [];
  const pattern = /[.!?…]+["'”’)\]]*(?=\s|$)|(?=\n)/g;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const end = m.index + m[0].length;
    if (end > limit) break;
    if (end > 0) ends.push(end);
    if (m[0].length === 0) pattern.lastIndex++;
  }
  return ends;
}

/** Positions just after a word (before whitespace), up to `limit`. */
function wordEnds(text: string, limit: number): number[] {
  const ends: number[] = [];
  for (let i = 1; i <= limit && i < text.length; i++) {
    if (/\s/.test(text[i] ?? '') && !/\s/.test(text[i - 1] ?? '')) ends.push(i);
  }
  return ends;
}

/** A cut should not end on whitespace or on punctuation that promises more (`,` `;` `:` dashes). */
function tidyCut(prefix: string): string {
  return prefix.replace(/[\s,;:\u2013\u2014-]+$/u, '');
}
