import { stemmer } from 'stemmer';
import { eng } from 'stopword';

/**
 * A word: letters and digits, kept whole across inner hyphens (`covid-19`, `long-term`) and apostrophes,
 * and across dots and commas between digits (`3.5`, `2,000`), so numbers and compounds stay one term.
 */
const WORD = /[\p{L}\p{N}]+(?:(?:['’-]|(?<=\p{N})[.,](?=\p{N}))[\p{L}\p{N}]+)*/gu;

/**
 * Besides the English list: how questions are asked ("what does the document say about…") carries no
 * content, and a negation word would match every sentence that says "not". Not here, though they look
 * like function words: "may" (the month) and "us" (the country), which lowercasing cannot tell apart.
 */
const QUESTION_WORDS = [
  'what',
  'which',
  'how',
  'when',
  'where',
  'why',
  'who',
  'whom',
  'whose',
  'does',
  'do',
  'did',
  'done',
  'is',
  'are',
  'was',
  'were',
  'can',
  'could',
  'would',
  'should',
  'will',
  'shall',
  'might',
  'must',
  'many',
  'much',
  'list',
  'show',
  'tell',
  'give',
  'find',
  'explain',
  'describe',
  'please',
  'me',
  'according',
  'document',
  'file',
  'say',
  'says',
  'said',
  'mention',
  'mentions',
  'mentioned',
  'not',
  'no',
  'there',
  'its',
  'it',
  'any',
  'some',
];

/** Contractions left whole by the tokenizer; each is a function word. */
const CONTRACTIONS = [
  "don't",
  "doesn't",
  "didn't",
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "can't",
  "couldn't",
  "won't",
  "wouldn't",
  "shouldn't",
  "haven't",
  "hasn't",
  "hadn't",
  "i'm",
  "i've",
  "i'd",
  "i'll",
  "you're",
  "you've",
  "we're",
  "they're",
  "let's",
];

const STOP_WORDS: ReadonlySet<string> = new Set([...eng, ...QUESTION_WORDS, ...CONTRACTIONS]);

export interface Token {
  /** Lowercased, typographic apostrophe unified, possessive `'s` dropped. */
  word: string;
  /** Index among all words of the text, stop words included: tells whether two content words are adjacent. */
  index: number;
}

/** Every word of `text`, lowercased, stop words included. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) {
    let w = m[0].toLowerCase().replace(/’/g, "'");
    if (w.endsWith("'s")) w = w.slice(0, -2);
    if (w) out.push(w);
  }
  return out;
}

/** Every word of `text` as written (same words, same order as `words`). */
export function writtenWords(text: string): string[] {
  return [...text.matchAll(WORD)].map((m) => m[0]);
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** The content words of `text` in order, duplicates kept, each with its position among all words. */
export function contentTokens(text: string): Token[] {
  const out: Token[] = [];
  words(text).forEach((word, index) => {
    if (!STOP_WORDS.has(word)) out.push({ word, index });
  });
  return out;
}

/** The content words of a question, lowercased, once each, in the order asked. */
export function questionTerms(question: string): string[] {
  return [...new Set(contentTokens(question).map((t) => t.word))];
}

/**
 * The Porter stem of a word, so "revenues" meets "revenue". Numbers are not stems: only their digit
 * grouping is dropped, so "2,000" meets "2000". Compounds are stemmed part by part.
 */
export function stem(word: string): string {
  const w = word.toLowerCase().replace(/’/g, "'");
  if (/\p{N}/u.test(w)) return w.replace(/(?<=\d),(?=\d)/g, '');
  if (w.includes('-')) return w.split('-').map(stem).join('-');
  return stemmer(w.replace(/'/g, ''));
}
