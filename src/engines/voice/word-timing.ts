/**
 * Word timestamps for any engine, from the audio alone: each chunk's words are laid over the voiced
 * stretches of that chunk's PCM. Silences between stretches are candidate word boundaries; which ones
 * are is decided by one least-cost match of words to stretches, where punctuation says where the
 * engine pauses (free to put a boundary there, costly to run through it) and the words' estimated
 * syllables say how long each stretch should last. Inside a stretch of running speech, words share the
 * voiced time in proportion to their syllables. Engines that know their own word boundaries can hand
 * them over instead (`SpeechOutput.endChunk`).
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

/** Frames this far below the chunk's loud frames (95th percentile) count as silence. */
const SILENCE_BELOW_PEAK_DB = 35;
const SILENCE_FLOOR_DB = -65;
/** A silence this short (one frame) is a dip inside a sound, not a gap anyone hears. */
const MIN_GAP_FRAMES = 2;
/**
 * A silence this long is a real pause. Shorter ones are weaker evidence: espeak at 1.6× leaves only
 * 20–40 ms between sentences, while stop closures inside words last 30–100 ms.
 */
const PAUSE_SECONDS = 0.12;

/*
 * Costs of a match, against a duration misfit of (ln(actual / expected))² per group: the punctuation
 * says where the engine pauses far more reliably than syllable counts say how long words last (words
 * said apart are drawn out well beyond their share of running speech).
 */
/** A pause inside a word (a long closure), at full pause length. */
const SPLIT_WORD_COST = 1;
/** A pause between two words with no punctuation between them, at full pause length. */
const PAUSE_WITHOUT_PUNCTUATION_COST = 1;
/** Punctuation the engine ran through without any silence: after a clause, after a sentence. */
const NO_PAUSE_COST = [0, 0.3, 0.8] as const;
/**
 * Bounds that keep the match about linear in the chunk's length: words in one stretch (some 12 s of
 * speech without a 20 ms silence does not happen), stretches in one word, and how far the match may
 * stray from where the voiced time alone would put it (words said apart run well ahead of running
 * speech in the same chunk, but not by a fifth of it).
 */
const MAX_WORDS_PER_STRETCH = 40;
const MAX_STRETCHES_PER_WORD = 8;
const MIN_BAND_WORDS = 24;
const BAND_SHARE = 0.2;

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

interface Stretch {
  /** Voiced frames [first, end). */
  first: number;
  end: number;
  /** Silence before the next stretch, in seconds (0 for the last). */
  gapAfter: number;
}

/**
 * Start and end (seconds from the chunk's start) of each word, given the chunk's frame levels.
 * Pure: the same levels and words always give the same times.
 */
export function alignWords(words: readonly SpokenWord[], levels: Float32Array): { start: number; end: number }[] {
  if (words.length === 0) return [];
  const stretches = findStretches(levels);
  if (stretches.length === 0) {
    // Nothing audible: spread the words evenly, which is at least in order and inside the chunk.
    const step = (levels.length * FRAME_SECONDS) / words.length;
    return words.map((_, i) => ({ start: i * step, end: (i + 1) * step }));
  }
  const groups = matchGroups(words, stretches) ?? [{ firstWord: 0, endWord: words.length, firstStretch: 0, endStretch: stretches.length }];
  const times: { start: number; end: number }[] = [];
  for (const g of groups) times.push(...spreadOver(words.slice(g.firstWord, g.endWord), stretches.slice(g.firstStretch, g.endStretch)));
  return times;
}

/** Runs of voiced frames, split wherever at least MIN_GAP_FRAMES of silence fall between them. */
function findStretches(levels: Float32Array): Stretch[] {
  if (levels.length === 0) return [];
  const sorted = Array.from(levels).sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.95)] as number;
  const threshold = Math.max(SILENCE_FLOOR_DB, loud - SILENCE_BELOW_PEAK_DB);
  const stretches: Stretch[] = [];
  let runStart = -1;
  for (let i = 0; i <= levels.length; i++) {
    const voiced = i < levels.length && (levels[i] as number) > threshold;
    if (voiced && runStart < 0) runStart = i;
    if (!voiced && runStart >= 0) {
      const last = stretches.at(-1);
      if (last && runStart - last.end < MIN_GAP_FRAMES) last.end = i;
      else {
        if (last) last.gapAfter = (runStart - last.end) * FRAME_SECONDS;
        stretches.push({ first: runStart, end: i, gapAfter: 0 });
      }
      runStart = -1;
    }
  }
  return stretches;
}

interface Group {
  firstWord: number;
  endWord: number;
  firstStretch: number;
  endStretch: number;
}

/**
 * Splits words and stretches into matched consecutive groups, either one stretch saying one or more
 * words or one word said over several stretches (closures inside it), choosing the split of least
 * total cost (dynamic programming). Undefined if the bounds on a group leave no split at all.
 */
function matchGroups(words: readonly SpokenWord[], stretches: readonly Stretch[]): Group[] | undefined {
  const W = words.length;
  const S = stretches.length;
  const wordAt = prefix(words.map((w) => w.weight));
  const voicedAt = prefix(stretches.map((s) => (s.end - s.first) * FRAME_SECONDS));
  const pause = (gap: number) => Math.min(1, gap / PAUSE_SECONDS);
  const splitAt = prefix(stretches.map((s) => SPLIT_WORD_COST * pause(s.gapAfter)));
  const unpausedAt = prefix(words.map((w) => NO_PAUSE_COST[w.breakAfter]));
  const secondsPerWeight = (voicedAt[S] as number) / (wordAt[W] as number);
  const cost = (w0: number, w1: number, s0: number, s1: number) => {
    const expected = ((wordAt[w1] as number) - (wordAt[w0] as number)) * secondsPerWeight;
    const actual = (voicedAt[s1] as number) - (voicedAt[s0] as number);
    const last = words[w1 - 1] as SpokenWord;
    const gapAfter = (stretches[s1 - 1] as Stretch).gapAfter;
    return (
      Math.log(actual / expected) ** 2 +
      // Silences inside one word.
      ((splitAt[s1 - 1] as number) - (splitAt[s0] as number)) +
      // Punctuation inside one stretch, run through without a silence.
      ((unpausedAt[w1 - 1] as number) - (unpausedAt[w0] as number)) +
      // The silence ending the group is a word boundary: free after punctuation, dearer the longer it is without.
      (w1 < W ? (last.breakAfter > 0 ? 0 : PAUSE_WITHOUT_PUNCTUATION_COST * pause(gapAfter)) : 0)
    );
  };
  // best[s][w]: least cost of matching the first s stretches with the first w words.
  const best = Array.from({ length: S + 1 }, () => new Float64Array(W + 1).fill(Infinity));
  const from = Array.from({ length: S + 1 }, () => new Int32Array(W + 1));
  (best[0] as Float64Array)[0] = 0;
  const band = Math.max(MIN_BAND_WORDS, W * BAND_SHARE);
  for (let s = 0; s < S; s++) {
    const row = best[s] as Float64Array;
    const centre = (W * (voicedAt[s] as number)) / (voicedAt[S] as number);
    for (let w = Math.max(0, Math.floor(centre - band)); w < Math.min(W, centre + band + 1); w++) {
      const here = row[w] as number;
      if (here === Infinity) continue;
      // One stretch, k ≥ 1 words; recorded as +k.
      const next = best[s + 1] as Float64Array;
      for (let w1 = w + 1; w1 <= Math.min(W, w + MAX_WORDS_PER_STRETCH); w1++) {
        const c = here + cost(w, w1, s, s + 1);
        if (c < (next[w1] as number)) {
          next[w1] = c;
          (from[s + 1] as Int32Array)[w1] = w1 - w;
        }
      }
      // One word, m ≥ 2 stretches; recorded as −m.
      for (let s1 = s + 2; s1 <= Math.min(S, s + MAX_STRETCHES_PER_WORD); s1++) {
        const c = here + cost(w, w + 1, s, s1);
        if (c < ((best[s1] as Float64Array)[w + 1] as number)) {
          (best[s1] as Float64Array)[w + 1] = c;
          (from[s1] as Int32Array)[w + 1] = -(s1 - s);
        }
      }
    }
  }
  if ((best[S] as Float64Array)[W] === Infinity) return undefined;
  const groups: Group[] = [];
  for (let s = S, w = W; s > 0 || w > 0; ) {
    const step = (from[s] as Int32Array)[w] as number;
    const [dw, ds] = step > 0 ? [step, 1] : [1, -step];
    groups.push({ firstWord: w - dw, endWord: w, firstStretch: s - ds, endStretch: s });
    w -= dw;
    s -= ds;
  }
  return groups.reverse();
}

/** Words laid end to end over the voiced frames of `stretches`, each taking voiced time in proportion to its weight. */
function spreadOver(words: readonly SpokenWord[], stretches: readonly Stretch[]): { start: number; end: number }[] {
  const total = words.reduce((s, w) => s + w.weight, 0);
  const voiced = stretches.reduce((s, r) => s + (r.end - r.first), 0);
  // Voiced-frame offset → frame index: in the stretch holding it, or at the start of the next one.
  const frameAt = (offset: number, asEnd: boolean): number => {
    let left = offset;
    for (const r of stretches) {
      const len = r.end - r.first;
      if (left < len || (asEnd && left === len)) return r.first + left;
      left -= len;
    }
    return (stretches.at(-1) as Stretch).end;
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
