/**
 * Synonym substitution, the core of `paraphrase` and part of `rewrite`. A word is replaced only by a
 * lemma of its own most frequent WordNet sense for its part of speech, in the word's own grammatical
 * form. By default only lemmas that share the lexicon's canonical key with the original (the key the
 * plagiarism detector compares) are used, which also keeps swaps close in meaning. `paraphrase` widens
 * this to the word's most frequent sense (`anyKey`), preferring same-key lemmas: same-key lemmas alone
 * changed a fifth of content words where a paraphrase must change a third, and the detector's short
 * k-grams with gap-merged passages still recognise text where some content words have another key.
 */
import type { Lexicon, Synset, WordNetPos } from '../lexicon/types';
import { adjectiveFormOf, compareForm, nounFormOf, pluralize, verbForm, verbFormsOf, type VerbForm } from './inflect';
import { isWord, type Sentence, type Token } from './nlp';
import type { Random } from '../../lib/seeded-random';
import { encodeTokens } from './tokens';

export interface Substitution {
  from: string;
  to: string;
}

const WORDNET_POS: Partial<Record<Token['pos'], WordNetPos>> = { NOUN: 'noun', VERB: 'verb', ADJ: 'adj', ADV: 'adv' };

/** Forms of be/have/get before a verb: what follows is a participle, not a simple past. */
const PARTICIPLE_AUX = new Set(['be', 'have', 'get']);

/**
 * Words that wink does not flag as stop words but that carry the grammar or the stance of a sentence
 * rather than its content; swapping them buys nothing and risks changing a claim.
 */
const KEEP = new Set([
  'not',
  'never',
  'no',
  'nor',
  'only',
  'just',
  'even',
  'still',
  'also',
  'too',
  'very',
  'so',
  'then',
  'there',
  'here',
  'now',
  'however',
  'thus',
  'therefore',
  'ago',
  'else',
]);

/** Which tokens of a sentence are content words a paraphrase may replace (nouns, verbs, adjectives, adverbs; not names). */
export function isContentWord(token: Token): boolean {
  return WORDNET_POS[token.pos] !== undefined && !token.stop && isWord(token) && !KEEP.has(token.text.toLowerCase());
}

export interface SubstituteOptions {
  /** Share of eligible words to replace (1 = every word that has a fitting synonym). */
  rate: number;
  random: Random;
  /** Also use lemmas of the word's sense whose canonical key differs (paraphrase); default false. */
  anyKey?: boolean;
}

/**
 * Returns a copy of `sentence` with words replaced, and the list of replacements (original surface →
 * replacement surface, lower-cased) so callers and tests can check each one.
 */
export function substituteWords(sentence: Sentence, lexicon: Lexicon, opts: SubstituteOptions): { tokens: Sentence; substitutions: Substitution[] } {
  const tokens = sentence.map((t) => ({ ...t }));
  const substitutions: Substitution[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!eligible(token, i)) continue;
    if (opts.rate < 1 && opts.random.next() >= opts.rate) continue;
    const replacement = synonymFor(tokens, i, lexicon, opts.anyKey ?? false);
    if (!replacement) continue;
    substitutions.push({ from: token.text.toLowerCase(), to: replacement });
    token.text = matchCase(replacement, token.text);
    fixArticle(tokens, i);
  }
  return { tokens, substitutions };
}

/**
 * Verbs that take a bare infinitive ("helps the body control"), which their synonyms do not ("assists
 * the body to control"). wink often tags that infinitive as a noun, so these are never replaced.
 */
const BARE_INFINITIVE = new Set(['help', 'make', 'let', 'see', 'watch', 'hear', 'feel']);

function eligible(token: Token, index: number): boolean {
  if (!isContentWord(token) || token.quoted || token.entity !== undefined || token.text.length < 3) return false;
  if (token.pos === 'VERB' && BARE_INFINITIVE.has(token.lemma)) return false;
  // Capitalised inside a sentence: a name wink did not tag as one, or an acronym.
  if (index > 0 && /^[A-Z]/.test(token.text)) return false;
  return !/^[A-Z]{2,}$/.test(token.text);
}

/** The best replacement for the word at `index`, already inflected, or undefined. */
export function synonymFor(tokens: readonly Token[], index: number, lexicon: Lexicon, anyKey = false): string | undefined {
  const token = tokens[index]!;
  const pos = WORDNET_POS[token.pos];
  if (!pos) return undefined;
  const surface = token.text.toLowerCase().replace(/’/g, "'");
  const key = lexicon.canonicalKey(surface);
  // The key's own sense when it has this part of speech (its lemmas keep the key), else the most
  // frequent sense of the word as tagged (the noun "change" keys to the verb).
  const keySense = lexicon.synset(key);
  const sense = keySense && keySense.pos === pos ? keySense : anyKey ? firstSense(surface, token.lemma, pos, lexicon) : undefined;
  if (!sense) return undefined;
  const base = baseForm(surface, token.lemma, sense, lexicon);
  if (!base) return undefined;
  const inflect = inflector(tokens, index, surface, base, pos);
  if (!inflect) return undefined;

  // WordNet has no word frequencies. Two stand-ins: the o200k vocabulary, whose single tokens are words
  // common in real text (" improve" is 1 token, " meliorate" 3), and polysemy, since common words have
  // many senses. One-token words pass; two-token words only with several senses (fortify, conservator,
  // but not visitant or grownup); longer ones never.
  let best: { word: string; score: number } | undefined;
  for (const lemma of sense.lemmas) {
    if (!usableLemma(lemma, base)) continue;
    const form = inflect(lemma);
    if (form === surface || nearSpelling(form, surface)) continue;
    const cost = wordCost(form);
    const senses = lexicon.synsets(lemma, pos).length;
    if (cost > 2 || (cost === 2 && senses < 2)) continue;
    const keepsKey = lexicon.canonicalKey(form) === key && lexicon.canonicalKey(lemma) === lexicon.canonicalKey(base);
    if (!keepsKey && !anyKey) continue;
    const score = (keepsKey ? 1000 : 0) - cost * 100 + senses * 4 + lexicon.partsOfSpeech(lemma).length - lemma.length / 100;
    if (!best || score > best.score) best = { word: form, score };
  }
  return best?.word;
}

function firstSense(surface: string, lemma: string, pos: WordNetPos, lexicon: Lexicon): Synset | undefined {
  for (const base of [lemma, ...lexicon.baseForms(surface, pos), surface]) {
    const first = lexicon.synsets(base, pos)[0];
    if (first) return first;
  }
  return undefined;
}

/** The base form of `surface` that has `sense` ("people" → "person", "better" → "good"), wink's lemma first. */
function baseForm(surface: string, lemma: string, sense: Synset, lexicon: Lexicon): string | undefined {
  const options = [lemma, ...lexicon.baseForms(surface, sense.pos), surface];
  return options.find((base) => lexicon.synsets(base, sense.pos).some((s) => s.id === sense.id));
}

/** A function that puts a lemma into the form `surface` has, or undefined when that form is unclear. */
function inflector(tokens: readonly Token[], index: number, surface: string, base: string, pos: WordNetPos): ((lemma: string) => string) | undefined {
  switch (pos) {
    case 'noun': {
      const form = nounFormOf(surface, base);
      if (!form) return undefined;
      return form === 'plural' ? pluralize : (lemma) => lemma;
    }
    case 'verb': {
      const forms = verbFormsOf(surface, base);
      if (forms.length === 0) return undefined;
      const form: VerbForm = forms.includes('past') && forms.includes('participle') ? pastOrParticiple(tokens, index) : forms[0]!;
      return (lemma) => verbForm(lemma, form);
    }
    case 'adj': {
      const form = adjectiveFormOf(surface, base);
      if (!form) return undefined;
      return (lemma) => compareForm(lemma, form);
    }
    case 'adv':
      return surface === base ? (lemma) => lemma : undefined;
  }
}

/** `was used`, `has used`, `the used car` → participle; `she used` → past. */
function pastOrParticiple(tokens: readonly Token[], index: number): VerbForm {
  for (let i = index - 1; i >= 0; i--) {
    const prev = tokens[i]!;
    if (prev.pos === 'ADV' || prev.pos === 'PART') continue;
    if (prev.pos === 'AUX' && PARTICIPLE_AUX.has(prev.lemma)) return 'participle';
    if (prev.pos === 'DET' || prev.pos === 'ADJ' || prev.pos === 'ADP') return 'participle';
    return 'past';
  }
  return 'past';
}

function wordCost(word: string): number {
  return encodeTokens(` ${word}`).length;
}

/** Spelling variants (neighbours/neighbors, utilise/utilize) are not a different word. */
function nearSpelling(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2 || a.slice(0, 3) !== b.slice(0, 3)) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return Math.max(a.length, b.length) - i - j <= 2;
}

/** One everyday-looking word: no capitals (names), digits, hyphens or phrases, and not a compound around the original. */
function usableLemma(lemma: string, base: string): boolean {
  // The plagiarism detector keys single words and splits at hyphens, so only a single plain word keeps
  // the key it compares.
  if (lemma === base || !/^[a-z]+$/.test(lemma) || lemma.length < 3 || lemma.length > 16) return false;
  return !lemma.includes(base) && !base.includes(lemma);
}

function matchCase(word: string, original: string): string {
  if (/^[A-Z][A-Z]+$/.test(original)) return word.toUpperCase();
  if (/^[A-Z]/.test(original)) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

/** `a` / `an` before the replaced word follows the new word's sound. */
function fixArticle(tokens: Token[], index: number): void {
  const prev = tokens[index - 1];
  const word = tokens[index]?.text;
  if (!prev || !word || !/^(a|an)$/i.test(prev.text)) return;
  const article = articleFor(word);
  prev.text = /^A/.test(prev.text) ? article.charAt(0).toUpperCase() + article.slice(1) : article;
}

export function articleFor(word: string): 'a' | 'an' {
  const w = word.toLowerCase();
  if (/^(hour|honest|honou?r|heir)/.test(w)) return 'an';
  if (/^(uni|use|usu|uti|euro|one|once|ubiq)/.test(w)) return 'a';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}
