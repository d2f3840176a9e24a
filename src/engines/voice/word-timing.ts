/**
 * Word timestamps for any engine, from the audio alone: each chunk's words are laid over the voiced
 * stretches of that chunk's PCM. Pauses (the silences an engine leaves at sentence and clause ends,
 * and between words said apart) are taken as word boundaries where the words' expected lengths agree;
 * inside a stretch of running speech, words share the voiced time in proportion to their estimated
 * syllables. Engines that know their own word boundaries can hand them over instead (see
 * `ChunkEngine.speak`).
 */

export interface WordTiming {
  word: string;
  /** Seconds from the start of the file. */
  start: number;
  end: number;
}

export interface SpokenWord {
  word: string;
  /** Expected relative length: estimated syllables, plus a little for the word's edges. */
  weight: number;
  /** Punctuation after the word, where engines pause: 2 ends a sentence, 1 a clause, 0 none. */
  breakAfter: 0 | 1 | 2;
}

/** The envelope's resolution: 10 ms, finer than any word onset a listener notices. */
export const FRAME_SECONDS = 0.01;

/** A silence at least this long separates phrases; stop closures inside words stay shorter at normal speeds. */
const PAUSE_SECONDS = 0.12;
/** Frames this far below the chunk's loud frames (95th percentile) count as silence. */
const SILENCE_BELOW_PEAK_DB = 40;
const SILENCE_FLOOR_DB = -65;
/*
 * Costs of a match, against a duration misfit of (ln(actual / expected))²: the punctuation says where
 * the engine pauses far more reliably than syllable counts say how long words last (words said apart
 * are drawn out well beyond their share of running speech).
 */
/** A pause inside a word (a long closure): as unlikely as a pause where no punctuation is. */
const SPLIT_WORD_COST = 1;
const PAUSE_WITHOUT_PUNCTUATION_COST = 1;
/** Punctuation the engine ran through without pausing: after a sentence, after a clause. */
const NO_PAUSE_COST = [0, 0.3, 0.8] as const;

/** Mean-square energy per 10 ms frame of PCM arriving in pieces. Memory: 4 bytes per frame (~1.4 MB per hour). */
export class EnergyEnvelope {
  private readonly frameSamples: number;
  private energies = new Float32Array(1024);
  private count = 0;
  private sum = 0;
  private inFrame = 0;

  constructor(sampleRate: number) {
    this.frameSamples = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  }

  push(pcm: Int16Array): void {
    for (let i = 0; i < pcm.length; i++) {
      const s = (pcm[i] as number) / 32768;
      this.sum += s * s;
      if (++this.inFrame === this.frameSamples) this.close();
    }
  }

  /** Level of each frame so far in dBFS, the last partial frame included. */
  levels(): Float32Array {
    const partial = this.inFrame > 0 ? 1 : 0;
    const out = new Float32Array(this.count + partial);
    for (let i = 0; i < this.count; i++) out[i] = toDb(this.energies[i] as number);
    if (partial) out[this.count] = toDb(this.sum / this.inFrame);
    return out;
  }

  private close(): void {
    if (this.count === this.energies.length) {
      const grown = new Float32Array(this.energies.length * 2);
      grown.set(this.energies);
      this.energies = grown;
    }
    this.energies[this.count++] = this.sum / this.inFrame;
    this.sum = 0;
    this.inFrame = 0;
  }
}

function toDb(meanSquare: number): number {
  return 10 * Math.log10(meanSquare + 1e-10);
}

const segmenters = new Map<string, Intl.Segmenter>();

/** The words of a text as a listener hears them (ICU word breaks, so CJK is split too), with expected lengths. */
export function spokenWords(text: string, language?: string): SpokenWord[] {
  const key = language ?? '';
  let segmenter = segmenters.get(key);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    } catch {
      segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
    }
    segmenters.set(key, segmenter);
  }
  const words: SpokenWord[] = [];
  for (const s of segmenter.segment(text)) {
    if (s.isWordLike) words.push({ word: s.segment, weight: syllables(s.segment, language) + 0.3, breakAfter: 0 });
    else {
      const last = words.at(-1);
      if (!last) continue;
      const strength = SENTENCE_BREAK.test(s.segment) ? 2 : CLAUSE_BREAK.test(s.segment) ? 1 : 0;
      if (strength > last.breakAfter) last.breakAfter = strength;
    }
  }
  return words;
}

const SENTENCE_BREAK = /[.!?…;\u037e。！？｡؟۔।॥]|\n\s*\n/u;
const CLAUSE_BREAK = /[,:،、，：—–()"“”«»]/u;

const VOWEL_GROUPS = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœąęěőűůаеёиоуыэюяіїєαεηιουωάέήίόύώ]+/giu;
const SYLLABIC_CHARS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** A rough syllable count: vowel groups in alphabetic scripts, one per CJK/kana/Hangul character, numbers by digits. */
export function syllables(word: string, language?: string): number {
  const syllabic = word.match(SYLLABIC_CHARS)?.length ?? 0;
  if (syllabic) return syllabic;
  const digits = word.match(/\d/g)?.length ?? 0;
  let vowels = word.replace(/\d/g, '').match(VOWEL_GROUPS)?.length ?? 0;
  // English's silent final e ("five", "one", "state"), but not "the", "be" or "table".
  if (language?.startsWith('en') && vowels > 1 && /[^aeiouyl]e$/i.test(word)) vowels--;
  // Digits are said as whole words ("seventeen", "hundred"): about one and a half syllables each.
  const estimate = vowels + digits * 1.5;
  // Scripts without written vowels (Arabic, Hebrew, Devanagari signs…): about one syllable per 2.5 letters.
  return estimate > 0 ? estimate : Math.max(1, [...word].length / 2.5);
}

interface Phrase {
  /** Frames of voiced runs inside the phrase, as [first, end) pairs. */
  runs: [number, number][];
  voiced: number;
}

/**
 * Start and end (seconds from the chunk's start) of each word, given the chunk's frame levels.
 * Pure: the same levels and words always give the same times.
 */
export function alignWords(words: readonly SpokenWord[], levels: Float32Array): { start: number; end: number }[] {
  if (words.length === 0) return [];
  const phrases = findPhrases(levels);
  if (phrases.length === 0) {
    // Nothing audible: spread the words evenly, which is at least in order and inside the chunk.
    const step = (levels.length * FRAME_SECONDS) / words.length;
    return words.map((_, i) => ({ start: i * step, end: (i + 1) * step }));
  }
  const groups = matchGroups(words, phrases);
  const times: { start: number; end: number }[] = [];
  for (const g of groups) {
    const runs = phrases.slice(g.firstPhrase, g.endPhrase).flatMap((p) => p.runs);
    times.push(...spreadOverRuns(words.slice(g.firstWord, g.endWord), runs));
  }
  return times;
}

/** Voiced runs of frames, grouped into phrases wherever the silence between two runs is a pause. */
function findPhrases(levels: Float32Array): Phrase[] {
  if (levels.length === 0) return [];
  const sorted = Array.from(levels).sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.95)] as number;
  const threshold = Math.max(SILENCE_FLOOR_DB, loud - SILENCE_BELOW_PEAK_DB);
  const pauseFrames = Math.round(PAUSE_SECONDS / FRAME_SECONDS);
  const phrases: Phrase[] = [];
  let runStart = -1;
  let lastEnd = -Infinity;
  for (let i = 0; i <= levels.length; i++) {
    const voiced = i < levels.length && (levels[i] as number) > threshold;
    if (voiced && runStart < 0) runStart = i;
    if (!voiced && runStart >= 0) {
      const run: [number, number] = [runStart, i];
      const current = phrases.at(-1);
      if (current && runStart - lastEnd < pauseFrames) {
        current.runs.push(run);
        current.voiced += i - runStart;
      } else phrases.push({ runs: [run], voiced: i - runStart });
      lastEnd = i;
      runStart = -1;
    }
  }
  return phrases;
}

interface Group {
  firstWord: number;
  endWord: number;
  firstPhrase: number;
  endPhrase: number;
}

/**
 * Splits words and phrases into matched consecutive groups, either one phrase saying one or more
 * words or one word spread over several phrases (a long closure inside a word), choosing the split
 * whose groups' voiced lengths best fit the words' expected lengths (least squares, dynamic programming).
 */
function matchGroups(words: readonly SpokenWord[], phrases: readonly Phrase[]): Group[] {
  const W = words.length;
  const P = phrases.length;
  const wordAt = prefix(words.map((w) => w.weight));
  const voicedAt = prefix(phrases.map((p) => p.voiced * FRAME_SECONDS));
  const secondsPerWeight = (voicedAt[P] as number) / (wordAt[W] as number);
  // Cost of punctuation run through inside words [0, w): its own prefix sum.
  const unpausedAt = prefix(words.map((w) => NO_PAUSE_COST[w.breakAfter]));
  const cost = (w0: number, w1: number, p0: number, p1: number) => {
    const expected = ((wordAt[w1] as number) - (wordAt[w0] as number)) * secondsPerWeight;
    const actual = (voicedAt[p1] as number) - (voicedAt[p0] as number);
    const last = words[w1 - 1] as SpokenWord;
    return (
      Math.log(actual / expected) ** 2 +
      (p1 - p0 - 1) * SPLIT_WORD_COST +
      // The group's own last word is followed by a pause (unless it ends the chunk).
      (w1 < W && last.breakAfter === 0 ? PAUSE_WITHOUT_PUNCTUATION_COST : 0) +
      ((unpausedAt[w1 - 1] as number) - (unpausedAt[w0] as number))
    );
  };
  // best[p][w]: least cost of matching the first p phrases with the first w words.
  const best = Array.from({ length: P + 1 }, () => new Float64Array(W + 1).fill(Infinity));
  const from = Array.from({ length: P + 1 }, () => new Int32Array(W + 1));
  (best[0] as Float64Array)[0] = 0;
  for (let p = 0; p < P; p++) {
    for (let w = 0; w < W; w++) {
      const here = (best[p] as Float64Array)[w] as number;
      if (here === Infinity) continue;
      // One phrase, k ≥ 1 words; encoded as +k (phrase step 1).
      for (let w1 = w + 1; w1 <= W; w1++) {
        const c = here + cost(w, w1, p, p + 1);
        if (c < ((best[p + 1] as Float64Array)[w1] as number)) {
          (best[p + 1] as Float64Array)[w1] = c;
          (from[p + 1] as Int32Array)[w1] = w1 - w;
        }
      }
      // One word, m ≥ 2 phrases; encoded as −m.
      for (let p1 = p + 2; p1 <= P; p1++) {
        const c = here + cost(w, w + 1, p, p1);
        if (c < ((best[p1] as Float64Array)[w + 1] as number)) {
          (best[p1] as Float64Array)[w + 1] = c;
          (from[p1] as Int32Array)[w + 1] = -(p1 - p);
        }
      }
    }
  }
  const groups: Group[] = [];
  for (let p = P, w = W; p > 0 || w > 0; ) {
    const step = (from[p] as Int32Array)[w] as number;
    const [dw, dp] = step > 0 ? [step, 1] : [1, -step];
    groups.push({ firstWord: w - dw, endWord: w, firstPhrase: p - dp, endPhrase: p });
    w -= dw;
    p -= dp;
  }
  return groups.reverse();
}

/** Words laid end to end over the voiced frames of `runs`, each taking voiced time in proportion to its weight. */
function spreadOverRuns(words: readonly SpokenWord[], runs: readonly [number, number][]): { start: number; end: number }[] {
  const total = words.reduce((s, w) => s + w.weight, 0);
  const voiced = runs.reduce((s, [a, b]) => s + (b - a), 0);
  // Voiced-frame offset → frame index: in the run holding it, or at the start of the next run.
  const frameAt = (offset: number, asEnd: boolean): number => {
    let left = offset;
    for (const [a, b] of runs) {
      const len = b - a;
      if (left < len || (asEnd && left === len)) return a + left;
      left -= len;
    }
    return (runs.at(-1) as [number, number])[1];
  };
  const out: { start: number; end: number }[] = [];
  let acc = 0;
  for (const w of words) {
    const from = Math.round((acc / total) * voiced);
    acc += w.weight;
    const to = Math.round((acc / total) * voiced);
    const start = frameAt(from, false);
    const end = Math.max(start + 1, frameAt(to, true));
    out.push({ start: start * FRAME_SECONDS, end: end * FRAME_SECONDS });
  }
  return out;
}

function prefix(values: readonly number[]): Float64Array {
  const out = new Float64Array(values.length + 1);
  for (let i = 0; i < values.length; i++) out[i + 1] = (out[i] as number) + (values[i] as number);
  return out;
}
