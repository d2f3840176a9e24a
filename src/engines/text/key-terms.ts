/**
 * The subject of a `write` prompt as key terms: noun phrases and content verbs found with wink-nlp,
 * each resolved to a WordNet lemma and to the sense that best fits the rest of the prompt (a simplified
 * Lesk: overlap between the prompt's words and each sense's gloss, lemmas and hypernyms, with WordNet's
 * own frequency order breaking ties). Instruction words ("write", "essay", "about") are not subjects.
 */
import { stemmer } from 'stemmer';
import type { Lexicon, Synset, WordNetPos } from '../lexicon/types';
import { analyse, isWord, type Token } from './nlp';
import { dominantSense } from './senses';
import { fixSentenceStarts } from './sentence-start';

export interface KeyTerm {
  /** As the prompt names it, lower-cased unless a name: "urban gardening", "city residents", "Paris". */
  phrase: string;
  /** The WordNet lemma the facts are about: "gardening", "resident", "ice cream". */
  lemma: string;
  pos: WordNetPos;
  /** Words of the phrase before the lemma ("urban"), with their part of speech. */
  modifiers: Array<{ word: string; pos: WordNetPos }>;
  /** The chosen sense; undefined when WordNet does not know the word. */
  sense: Synset | undefined;
  /**
   * Why `sense` is the one meant: the word has no other (`only`), its first sense has nearly all of its
   * uses (`dominant`, see `senses.ts`), or the prompt's other words point to it (`context`); `guess` when
   * none of these holds, and the word may well mean something else here.
   */
  senseFit: SenseFit;
  /** Every sense of the lemma, most frequent first. */
  senses: Synset[];
  proper: boolean;
  /** The prompt used it in the plural or with "a"/"an": a countable noun. */
  countable: boolean;
}

export type SenseFit = 'only' | 'dominant' | 'context' | 'guess';

/** Words that ask for writing rather than name what to write about. */
const INSTRUCTION = new Set([
  'write',
  'compose',
  'create',
  'draft',
  'produce',
  'generate',
  'give',
  'make',
  'tell',
  'explain',
  'describe',
  'discuss',
  'summarize',
  'summarise',
  'outline',
  'explore',
  'cover',
  'talk',
  'please',
  'essay',
  'article',
  'post',
  'blog',
  'piece',
  'story',
  'paragraph',
  'paragraphs',
  'sentence',
  'sentences',
  'line',
  'lines',
  'text',
  'report',
  'summary',
  'overview',
  'introduction',
  'guide',
  'note',
  'notes',
  'short',
  'brief',
  'long',
  'detailed',
  'simple',
  'word',
  'words',
  'page',
  'pages',
  'topic',
  'subject',
  'thing',
  'things',
  'something',
  'way',
  'ways',
  'kind',
  'sort',
  'type',
  'lot',
  'bit',
  'reader',
  'readers',
  'audience',
  'beginner',
  'beginners',
  'focus',
  'include',
  'including',
  'mention',
  'want',
  'need',
  'like',
  'use',
  'using',
  'help',
  'let',
  'know',
  'learn',
  'understand',
  'show',
  'list',
  'aspect',
  'aspects',
]);

const TERM_LIMIT = 6;

export function extractKeyTerms(prompt: string, lexicon: Lexicon): KeyTerm[] {
  const tokens = fixSentenceStarts(analyse(prompt), lexicon).flatMap((line) => line.sentences.flat());
  const context = contextStems(tokens);
  const terms: KeyTerm[] = [];
  const seen = new Set<string>();
  const add = (term: KeyTerm | undefined): void => {
    if (!term || seen.has(term.lemma.toLowerCase()) || terms.length >= TERM_LIMIT * 2) return;
    seen.add(term.lemma.toLowerCase());
    terms.push(term);
  };

  const verbs: Token[] = [];
  for (const found of nounChunks(tokens)) {
    const { chunk, verb } = splitMistaggedVerb(found, lexicon);
    if (verb) verbs.push(verb);
    const before = tokens[tokens.indexOf(chunk[0]!) - 1];
    add(resolveNounPhrase(chunk, before, lexicon, context));
  }
  for (const token of tokens) {
    if (token.pos !== 'VERB' || token.stop || !isWord(token) || INSTRUCTION.has(token.lemma)) continue;
    verbs.push(token);
  }
  for (const verb of verbs) add(resolveVerb(verb, lexicon, context));
  // Nouns first (they carry a subject), then verbs; names count as nouns.
  const ordered = [...terms.filter((t) => t.pos === 'noun'), ...terms.filter((t) => t.pos !== 'noun')];
  return ordered.slice(0, TERM_LIMIT);
}

/** Maximal runs of adjectives, nouns and names that end in a noun or a name, instruction words trimmed off. */
function nounChunks(tokens: readonly Token[]): Token[][] {
  const chunks: Token[][] = [];
  let current: Token[] = [];
  const flush = (): void => {
    while (current.length > 0 && !['NOUN', 'PROPN'].includes(current[current.length - 1]!.pos)) current.pop();
    while (current.length > 0 && INSTRUCTION.has(current[0]!.lemma)) current.shift();
    if (current.length > 0) chunks.push(current);
    current = [];
  };
  for (const token of tokens) {
    const fits = ['ADJ', 'NOUN', 'PROPN'].includes(token.pos) && (isWord(token) || token.pos === 'PROPN') && !token.stop;
    if (fits && !(INSTRUCTION.has(token.lemma) && token.pos !== 'PROPN' && current.length === 0)) current.push(token);
    else flush();
    if (INSTRUCTION.has(token.lemma) && token.pos === 'NOUN') flush();
  }
  flush();
  return chunks;
}

/**
 * wink reads "volcanoes form" and "prices rise" as one noun phrase. A plural noun is almost never a
 * modifier in an English compound ("city residents", not "cities residents"), so a noun after a plural
 * noun that WordNet knows as a verb is taken to be that verb.
 */
function splitMistaggedVerb(chunk: Token[], lexicon: Lexicon): { chunk: Token[]; verb?: Token } {
  for (let i = 0; i < chunk.length - 1; i++) {
    const t = chunk[i]!;
    const next = chunk[i + 1]!;
    const plural = t.pos === 'NOUN' && t.text.toLowerCase() !== t.lemma && /s$/i.test(t.text);
    if (plural && next.pos === 'NOUN' && lexicon.synsets(next.text.toLowerCase(), 'verb').length > 0) {
      return { chunk: chunk.slice(0, i + 1), verb: { ...next, pos: 'VERB', lemma: next.text.toLowerCase() } };
    }
  }
  return { chunk };
}

function resolveNounPhrase(chunk: Token[], before: Token | undefined, lexicon: Lexicon, context: Set<string>): KeyTerm | undefined {
  const proper = chunk.every((t) => t.pos === 'PROPN');
  const phrase = chunk.map((t, i) => (i === 0 ? '' : t.pre ? ' ' : '') + (t.pos === 'PROPN' ? t.text : t.text.toLowerCase())).join('');
  const head = chunk[chunk.length - 1]!;
  const headBase = nounBase(head, lexicon);
  const countable = head.text.toLowerCase() !== headBase || /^(a|an|each|every|one)$/i.test(before?.text ?? '');

  // The longest tail of the phrase WordNet knows as one lemma: "ice cream", "climate change", then the head alone.
  for (let start = 0; start < chunk.length; start++) {
    const words = chunk.slice(start);
    const lemma = [...words.slice(0, -1).map((t) => t.text.toLowerCase()), headBase].join(' ');
    const senses = lexicon.synsets(lemma, 'noun');
    if (senses.length === 0 && start < chunk.length - 1) continue;
    const modifiers = chunk.slice(0, start).map((t) => ({ word: t.pos === 'PROPN' ? t.text : t.text.toLowerCase(), pos: modifierPos(t) }));
    const sense = bestSense(senses, context, lemma, (id) => lexicon.synset(id));
    return {
      phrase,
      lemma: senses.length > 0 ? displayLemma(senses[0]!, lemma) : proper ? phrase : lemma,
      pos: 'noun',
      modifiers,
      sense,
      senseFit: senseFit(sense, senses, lemma, 'noun', context, lexicon),
      senses,
      proper,
      countable,
    };
  }
  return undefined;
}

function resolveVerb(token: Token, lexicon: Lexicon, context: Set<string>): KeyTerm | undefined {
  const lower = token.text.toLowerCase();
  const base = lexicon.synsets(token.lemma, 'verb').length > 0 ? token.lemma : lexicon.baseForms(lower, 'verb')[0];
  if (!base) return undefined;
  const senses = lexicon.synsets(base, 'verb');
  if (senses.length === 0) return undefined;
  const sense = bestSense(senses, context, base, (id) => lexicon.synset(id));
  return {
    phrase: base,
    lemma: base,
    pos: 'verb',
    modifiers: [],
    sense,
    senseFit: senseFit(sense, senses, base, 'verb', context, lexicon),
    senses,
    proper: false,
    countable: false,
  };
}

function nounBase(token: Token, lexicon: Lexicon): string {
  const lower = token.text.toLowerCase();
  if (token.pos === 'PROPN') return lower;
  if (lexicon.synsets(lower, 'noun').length > 0 && token.lemma === lower) return lower;
  if (lexicon.synsets(token.lemma, 'noun').length > 0) return token.lemma;
  return lexicon.baseForms(lower, 'noun')[0] ?? lower;
}

function modifierPos(token: Token): WordNetPos {
  return token.pos === 'ADJ' ? 'adj' : 'noun';
}

/** WordNet spells names with capitals ("Paris"); keep its spelling when it is the same word. */
function displayLemma(sense: Synset, lemma: string): string {
  return sense.lemmas.find((l) => l.toLowerCase() === lemma.toLowerCase()) ?? lemma;
}

function contextStems(tokens: readonly Token[]): Set<string> {
  const stems = new Set<string>();
  for (const t of tokens) if (isWord(t) && !t.stop && !INSTRUCTION.has(t.lemma)) stems.add(stemmer(t.lemma));
  return stems;
}

/** Simplified Lesk over the prompt's other words; WordNet's first (most frequent) sense wins ties. */
export function bestSense(
  senses: readonly Synset[],
  context: ReadonlySet<string>,
  lemma: string,
  lookup?: (id: string) => Synset | undefined,
): Synset | undefined {
  let best: Synset | undefined;
  let bestScore = -1;
  senses.slice(0, 8).forEach((sense, rank) => {
    const score = contextOverlap(sense, context, lemma, lookup) - rank * 0.01;
    if (score > bestScore) {
      bestScore = score;
      best = sense;
    }
  });
  return best;
}

/** How many of the prompt's other words (stems) the sense's gloss, examples, lemmas and hypernyms share. */
function contextOverlap(sense: Synset, context: ReadonlySet<string>, lemma: string, lookup?: (id: string) => Synset | undefined): number {
  const own = new Set(lemma.toLowerCase().split(' ').map(stemmer));
  const words = [sense.gloss, ...sense.examples, ...sense.lemmas, ...sense.hypernyms.flatMap((id) => lookup?.(id)?.lemmas ?? [])].join(' ');
  const stems = new Set(
    words
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length > 2)
      .map(stemmer),
  );
  let overlap = 0;
  for (const stem of context) if (!own.has(stem) && stems.has(stem)) overlap++;
  return overlap;
}

function senseFit(
  sense: Synset | undefined,
  senses: readonly Synset[],
  lemma: string,
  pos: WordNetPos,
  context: ReadonlySet<string>,
  lexicon: Lexicon,
): SenseFit {
  if (!sense) return 'guess';
  if (senses.length === 1) return 'only';
  if (dominantSense(lemma, pos, lexicon)?.id === sense.id) return 'dominant';
  return contextOverlap(sense, context, lemma, (id) => lexicon.synset(id)) > 0 ? 'context' : 'guess';
}
