/**
 * English re-inflection for substituted words: a synonym replaces a word in the word's own form
 * (`dogs` → `hounds`, `barked` → `yelped`, `bigger` → `larger`). Irregular forms come from tables, the
 * rest from the usual spelling rules. Multi-word lemmas inflect their head: the first word of a verb
 * phrase (`carry out` → `carried out`), the last word of a noun compound (`ice creams`) unless it is an
 * `X of Y` noun (`points of view`).
 */
import { IRREGULAR_COMPARISON, IRREGULAR_PLURALS, IRREGULAR_VERBS } from './irregular-forms';

export type NounForm = 'singular' | 'plural';
export type VerbForm = 'base' | 'third' | 'past' | 'participle' | 'gerund';
export type AdjectiveForm = 'base' | 'comparative' | 'superlative';

/** Final-syllable-stressed verbs that double their last consonant although they have two syllables. */
const DOUBLING = new Set([
  'admit',
  'begin',
  'commit',
  'compel',
  'control',
  'equip',
  'expel',
  'forget',
  'occur',
  'omit',
  'patrol',
  'permit',
  'prefer',
  'propel',
  'refer',
  'regret',
  'submit',
  'transfer',
  'upset',
]);

const isVowel = (c: string | undefined): boolean => c !== undefined && 'aeiou'.includes(c);

export function syllables(word: string): number {
  const groups = word
    .toLowerCase()
    .replace(/e$/, '')
    .match(/[aeiouy]+/g);
  return Math.max(1, groups?.length ?? 0);
}

/** stop → stopp (consonant-vowel-consonant, stressed last syllable), but not visit, fix, play. */
function doublesFinal(word: string): boolean {
  const n = word.length;
  if (n < 3) return false;
  const [a, b, c] = [word[n - 3], word[n - 2], word[n - 1]];
  if (!c || 'wxy'.includes(c) || isVowel(c) || !isVowel(b) || isVowel(a)) return false;
  return syllables(word) === 1 || DOUBLING.has(word);
}

function sibilant(word: string): boolean {
  return /(s|x|z|ch|sh)$/.test(word);
}

function consonantY(word: string): boolean {
  return word.endsWith('y') && !isVowel(word[word.length - 2]);
}

function inflectHead(phrase: string, head: 'first' | 'last', fn: (word: string) => string): string {
  const words = phrase.split(' ');
  if (words.length === 1) return fn(phrase);
  const at = head === 'first' ? 0 : words.length - 1;
  words[at] = fn(words[at]!);
  return words.join(' ');
}

export function pluralize(noun: string): string {
  const ofAt = noun.indexOf(' of ');
  if (ofAt > 0) return pluralize(noun.slice(0, ofAt)) + noun.slice(ofAt);
  return inflectHead(noun, 'last', (word) => {
    const irregular = IRREGULAR_PLURALS.get(word);
    if (irregular) return irregular;
    if (sibilant(word)) return `${word}es`;
    if (consonantY(word)) return `${word.slice(0, -1)}ies`;
    return `${word}s`;
  });
}

export function verbForm(verb: string, form: VerbForm): string {
  if (form === 'base') return verb;
  return inflectHead(verb, 'first', (word) => {
    const irregular = IRREGULAR_VERBS.get(word);
    switch (form) {
      case 'third':
        if (word === 'be') return 'is';
        if (word === 'have') return 'has';
        if (word === 'do' || word === 'go') return `${word}es`;
        if (sibilant(word)) return `${word}es`;
        if (consonantY(word)) return `${word.slice(0, -1)}ies`;
        return `${word}s`;
      case 'gerund':
        if (word === 'be' || word === 'see' || word === 'flee') return `${word}ing`;
        if (word.endsWith('ie')) return `${word.slice(0, -2)}ying`;
        if (word.endsWith('e') && !/(ee|oe|ye)$/.test(word)) return `${word.slice(0, -1)}ing`;
        if (doublesFinal(word)) return `${word}${word[word.length - 1]}ing`;
        return `${word}ing`;
      case 'past':
      case 'participle': {
        if (irregular) return form === 'past' ? irregular.past : irregular.participle;
        if (word.endsWith('e')) return `${word}d`;
        if (consonantY(word)) return `${word.slice(0, -1)}ied`;
        if (word.endsWith('c')) return `${word}ked`;
        if (doublesFinal(word)) return `${word}${word[word.length - 1]}ed`;
        return `${word}ed`;
      }
    }
  });
}

export function compareForm(adjective: string, form: AdjectiveForm): string {
  if (form === 'base') return adjective;
  const irregular = IRREGULAR_COMPARISON.get(adjective);
  if (irregular) return form === 'comparative' ? irregular.comparative : irregular.superlative;
  const suffix = form === 'comparative' ? 'er' : 'est';
  const word = adjective;
  const n = syllables(word);
  if (word.includes(' ') || word.includes('-') || n > 2 || (n === 2 && !consonantY(word))) {
    return `${form === 'comparative' ? 'more' : 'most'} ${word}`;
  }
  if (consonantY(word)) return `${word.slice(0, -1)}i${suffix}`;
  if (word.endsWith('e')) return `${word}${suffix.slice(1)}`;
  if (doublesFinal(word)) return `${word}${word[word.length - 1]}${suffix}`;
  return `${word}${suffix}`;
}

/** Which noun form `surface` is of `base`, if it is one of them. */
export function nounFormOf(surface: string, base: string): NounForm | undefined {
  if (surface === base) return 'singular';
  if (surface === pluralize(base)) return 'plural';
  return undefined;
}

/** The verb forms `surface` can be of `base` (past and participle coincide for regular verbs). */
export function verbFormsOf(surface: string, base: string): VerbForm[] {
  const forms: VerbForm[] = ['base', 'third', 'past', 'participle', 'gerund'];
  return forms.filter((form) => verbForm(base, form) === surface);
}

export function adjectiveFormOf(surface: string, base: string): AdjectiveForm | undefined {
  const forms: AdjectiveForm[] = ['base', 'comparative', 'superlative'];
  return forms.find((form) => compareForm(base, form) === surface);
}
