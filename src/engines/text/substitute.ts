/**
 * Synonym substitution, the core of `paraphrase` and part of `rewrite`. The engine cannot tell which
 * sense a word has in a sentence, so it only replaces words that in practice have one (`senses.ts`: a
 * single WordNet sense for the tagged part of speech, or a first sense with at least 80 % of the word's
 * tagged uses at 95 % confidence), in their only base form ("found" may be find or found: kept). The
 * replacement must read in that same sense on its own: its first sense for the part of speech and its
 * most used sense over all of them ("large" → "big", "city" → "metropolis"; never "employ" → "apply":
 * employ's first sense, "use", has only 75 % of its uses, hire the rest, and apply means many things).
 * Numbers and number words, names, the unit after a number and quoted words are never touched.
 *
 * By default only lemmas that share the lexicon's canonical key with the original (the key the
 * plagiarism detector compares) are used. `paraphrase` widens this to any lemma of the sense
 * (`anyKey`), preferring same-key lemmas.
 */
import type { Lexicon, WordNetPos } from '../lexicon/types';
import { adjectiveFormOf, compareForm, nounFormOf, pluralize, verbForm, verbFormsOf, type VerbForm } from './inflect';
import { isWord, type Sentence, type Token } from './nlp';
import { dominantSense } from './senses';
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

/**
 * Number words, quantities and ordinals: WordNet gives them synonyms ("dozen" → "twelve", "first" →
 * "initiative", "half" → "one-half"), and a changed number is a changed fact.
 */
const NUMBER_WORD =
  /^(?:zero|nil|none|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|trillions?|dozens?|score|scores|half|halves|quarters?|thirds?|pairs?|couple|first|second|seconds|fourth|fifth|sixth|seventh|eighth|ninth|tenth|twelfth|twentieth|hundredth|thousandth|millionth|last|once|twice|thrice|double|triple|single|sole|percent|percentage|per|cent|majority|minority|most|least|few|fewer|several|many|much|more|less|all|every|each|both|either|neither|dual|twin|twins|multiple)$/;

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
    if (!eligible(tokens, i)) continue;
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

function eligible(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index]!;
  if (!isContentWord(token) || token.quoted || token.entity !== undefined || token.text.length < 3) return false;
  if (token.pos === 'VERB' && BARE_INFINITIVE.has(token.lemma)) return false;
  if (NUMBER_WORD.test(token.text.toLowerCase()) || /\d/.test(token.text)) return false;
  // The thing a number counts or measures ("240 staff", "6 months"): the figure means it and nothing else.
  const previous = tokens[index - 1];
  if (previous && (previous.pos === 'NUM' || /\d/.test(previous.text) || (previous.entity !== undefined && previous.entity !== 'DATE'))) return false;
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
  const base = soleBaseForm(surface, token.lemma, pos, lexicon);
  if (!base) return undefined;
  const sense = dominantSense(base, pos, lexicon);
  if (!sense) return undefined;
  const key = lexicon.canonicalKey(surface);
  const inflect = inflector(tokens, index, surface, base, pos);
  if (!inflect) return undefined;

  // WordNet has no word frequencies. Two stand-ins: the o200k vocabulary, whose single tokens are words
  // common in real text (" improve" is 1 token, " meliorate" 3), and polysemy, since common words have
  // many senses. One-token words pass; two-token words only with several senses (fortify, conservator,
  // but not visitant or grownup); longer ones never.
  let best: { word: string; score: number } | undefined;
  for (const lemma of sense.lemmas) {
    if (!usableLemma(lemma, base)) continue;
    // The replacement must read in the same sense without context to help: that sense is its first for
    // this part of speech and its most used over all of them ("plain" is an adjective before it is "complain").
    if (lexicon.synsets(lemma, pos)[0]?.id !== sense.id || lexicon.canonicalKey(lemma) !== sense.id) continue;
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

/**
 * The base form of `surface` for `pos` when it has only one ("cities" → "city"); undefined when WordNet
 * knows none, or several ("found" is find or found, "saw" is see or saw): which word it is, is unclear.
 */
function soleBaseForm(surface: string, lemma: string, pos: WordNetPos, lexicon: Lexicon): string | undefined {
  const forms = new Set(lexicon.baseForms(surface, pos));
  if (lexicon.synsets(lemma, pos).length > 0) forms.add(lemma);
  return forms.size === 1 ? [...forms][0] : undefined;
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
