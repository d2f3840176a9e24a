/**
 * The labelled eval set: a seeded corpus and submissions built from it whose copied character spans (and
 * their sources) are known exactly.
 *
 * - verbatim: one passage of 60–200 words copied from one document (sentence-aligned); half of them alone,
 *   half embedded between original paragraphs.
 * - partial: about half copied (one or two passages of 60–130 words from one or two documents), half
 *   original, interleaved.
 * - paraphrased: a copied passage of 60–200 words run through the service's own local text engine in
 *   `paraphrase` mode at its defaults (tone formal; the whole paraphrase is the copied span); half embedded
 *   in original text.
 * - rewritten: a copied passage of 60–200 words whose sentences are put in another order, then run through
 *   the local engine's `rewrite` mode (clauses moved, voice switched, compounds split, synonyms); half
 *   embedded in original text.
 * - reworded (a stress row, no target): as rewritten, then the rewrite run through `paraphrase` mode too.
 * - original: fresh text from seeds the corpus never used.
 */
import { generateProse, seededRandom, type GeneratedText } from '../../bench/lib/english';
import type { TextProvider } from '../../src/engines/text';

export type CaseType = 'verbatim' | 'partial' | 'paraphrased' | 'rewritten' | 'reworded' | 'original';
export const CASE_TYPES: readonly CaseType[] = ['verbatim', 'partial', 'paraphrased', 'rewritten', 'reworded', 'original'];

export interface CorpusDoc {
  index: number;
  url: string;
  title: string;
  prose: GeneratedText;
}

/** A copied span of the submission: `text.slice(start, end)` came from corpus document `source`. */
export interface TrueSpan {
  source: number;
  start: number;
  end: number;
}

export interface EvalCase {
  id: string;
  type: CaseType;
  text: string;
  truth: TrueSpan[];
  words: number;
  /** Paraphrased and rewritten cases: share of the source passage's words not kept in order (1 − LCS / words). */
  changedWords?: number;
}

export const CORPUS_URL = 'https://corpus.eval.kiln.test/doc/';

/** Corpus document i: seed 1 + i, 150–375 words (+ the last sentence's overshoot, ≤ 400 in practice). */
export function corpusDocument(i: number): CorpusDoc {
  const rnd = seededRandom(0x5eed0000 + i);
  const words = 150 + Math.floor(rnd() * 226);
  const prose = generateProse(1 + i, words);
  return { index: i, url: `${CORPUS_URL}${i}`, title: `Eval document ${i}`, prose };
}

export function sourceOfUrl(url: string): number | null {
  return url.startsWith(CORPUS_URL) ? Number(url.slice(CORPUS_URL.length)) : null;
}

/** Seeds of text that is not in the corpus (the corpus uses 1 … corpus size). */
const UNSEEN_SEED = 50_000_000;

type Rnd = () => number;
const between = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** Consecutive whole sentences of a document, at least `minWords` and about `target` words. */
function passageOf(doc: CorpusDoc, target: number, minWords: number, rnd: Rnd): string {
  const s = passageSentences(doc, target, minWords, rnd);
  return doc.prose.text.slice(s[0]!.start, s[s.length - 1]!.end);
}

/** The sentences of `passageOf`. */
function passageSentences(doc: CorpusDoc, target: number, minWords: number, rnd: Rnd): { start: number; end: number }[] {
  const s = doc.prose.sentences;
  const starts: number[] = [];
  // Every start sentence from which `target` words are reachable before the end of the document.
  for (let i = 0; i < s.length; i++) {
    let w = 0;
    for (let j = i; j < s.length && w < target; j++) w += s[j]!.words;
    if (w >= Math.min(target, minWords)) starts.push(i);
  }
  const i = starts[Math.floor(rnd() * starts.length)] ?? 0;
  let j = i;
  let words = s[i]!.words;
  while (words < target && j + 1 < s.length) words += s[++j]!.words;
  // Overshot by more than half a sentence: drop the last one if what remains is still long enough.
  if (words - target > s[j]!.words / 2 && j > i && words - s[j]!.words >= minWords) words -= s[j--]!.words;
  return s.slice(i, j + 1);
}

const wordsOf = (s: string) => s.toLowerCase().match(/[a-z0-9']+/g) ?? [];

/** 1 − LCS(words of a, words of b) / words of a: how much of `a`'s wording `b` did not keep, in order. */
export function changedShare(a: string, b: string): number {
  const x = wordsOf(a);
  const y = wordsOf(b);
  if (x.length === 0) return 0;
  let prev = new Uint16Array(y.length + 1);
  let cur = new Uint16Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) cur[j] = x[i - 1] === y[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    [prev, cur] = [cur, prev];
  }
  return 1 - prev[y.length]! / x.length;
}

interface Part {
  text: string;
  source?: number;
}

/** Parts joined as paragraphs; the truth is where each copied part landed. */
function assemble(id: string, type: CaseType, parts: Part[]): EvalCase {
  let text = '';
  const truth: TrueSpan[] = [];
  for (const p of parts) {
    if (text) text += '\n\n';
    if (p.source !== undefined) truth.push({ source: p.source, start: text.length, end: text.length + p.text.length });
    text += p.text;
  }
  return { id, type, text, truth, words: wordCount(text) };
}

export interface CaseCounts {
  verbatim: number;
  partial: number;
  paraphrased: number;
  rewritten: number;
  reworded: number;
  original: number;
}

export class CaseBuilder {
  private nextSeed = UNSEEN_SEED;
  private readonly docs = new Map<number, CorpusDoc>();

  constructor(
    private readonly corpusSize: number,
    private readonly rnd: Rnd,
    private readonly paraphraser: TextProvider,
  ) {}

  /** Fresh text of about `words` words from a seed nothing else used. */
  private original(words: number): string {
    return generateProse(this.nextSeed++, words).text;
  }

  private doc(i: number): CorpusDoc {
    let d = this.docs.get(i);
    if (!d) this.docs.set(i, (d = corpusDocument(i)));
    return d;
  }

  private randomDoc(exclude: number[] = []): CorpusDoc {
    for (;;) {
      const i = Math.floor(this.rnd() * this.corpusSize);
      if (!exclude.includes(i)) return this.doc(i);
    }
  }

  /** Original text before and/or after the copied part, or neither. */
  private embed(copied: Part, embedded: boolean): Part[] {
    if (!embedded) return [copied];
    const where = this.rnd();
    const before = where < 0.67 ? [{ text: this.original(between(this.rnd, 40, 150)) }] : [];
    const after = where > 0.33 ? [{ text: this.original(between(this.rnd, 40, 150)) }] : [];
    return [...before, copied, ...after];
  }

  verbatim(n: number): EvalCase {
    const doc = this.randomDoc();
    const target = Math.min(between(this.rnd, 60, 200), doc.prose.words);
    const passage = passageOf(doc, target, 60, this.rnd);
    return assemble(`verbatim-${n}`, 'verbatim', this.embed({ text: passage, source: doc.index }, n % 2 === 1));
  }

  partial(n: number): EvalCase {
    const first = this.randomDoc();
    const twoSources = this.rnd() < 0.5;
    const second = twoSources ? this.randomDoc([first.index]) : first;
    const passages = [passageOf(first, between(this.rnd, 60, 130), 60, this.rnd)];
    if (twoSources || this.rnd() < 0.5) {
      // A second passage: from the second document, or another stretch of the first one (then it may overlap
      // the first stretch; the truth is per source, so that stays correct).
      passages.push(passageOf(second, between(this.rnd, 60, 130), 60, this.rnd));
    }
    const sources = passages.length === 2 ? [first.index, second.index] : [first.index];
    const copiedWords = passages.reduce((s, p) => s + wordCount(p), 0);
    // As many original words as copied ones, in passages.length + 1 stretches around and between the copies.
    const stretches = passages.length + 1;
    const parts: Part[] = [];
    for (let k = 0; k < stretches; k++) {
      parts.push({ text: this.original(Math.max(20, Math.round(copiedWords / stretches))) });
      if (k < passages.length) parts.push({ text: passages[k]!, source: sources[k]! });
    }
    return assemble(`partial-${n}`, 'partial', parts);
  }

  async paraphrased(n: number): Promise<EvalCase> {
    const doc = this.randomDoc();
    const target = Math.min(between(this.rnd, 60, 200), doc.prose.words);
    const passage = passageOf(doc, target, 60, this.rnd);
    const maxTokens = 4096;
    const out = await this.paraphraser.generate({ prompt: passage, mode: 'paraphrase', tone: 'formal', language: 'en', maxTokens });
    if (out.outputTokens >= maxTokens) throw new Error(`paraphrase of case ${n} hit maxTokens (${maxTokens}); raise it`);
    const c = assemble(`paraphrased-${n}`, 'paraphrased', this.embed({ text: out.text.trim(), source: doc.index }, n % 2 === 1));
    c.changedWords = changedShare(passage, out.text);
    return c;
  }

  async rewritten(n: number, thenParaphrase = false): Promise<EvalCase> {
    const doc = this.randomDoc();
    const target = Math.min(between(this.rnd, 60, 200), doc.prose.words);
    const sentences = passageSentences(doc, target, 60, this.rnd).map((s) => doc.prose.text.slice(s.start, s.end));
    const original = sentences.join(' ');
    // Another order of the sentences (a shuffle that leaves no two-sentence passage as it was).
    const order = sentences.map((_, i) => i);
    for (let attempt = 0; attempt < 10; attempt++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(this.rnd() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      if (order.length < 2 || order.some((v, i) => v !== i)) break;
    }
    const prompt = order.map((i) => sentences[i]!).join(' ');
    const maxTokens = 4096;
    let out = await this.paraphraser.generate({ prompt, mode: 'rewrite', tone: 'formal', language: 'en', maxTokens });
    if (thenParaphrase) out = await this.paraphraser.generate({ prompt: out.text, mode: 'paraphrase', tone: 'formal', language: 'en', maxTokens });
    if (out.outputTokens >= maxTokens) throw new Error(`rewrite of case ${n} hit maxTokens (${maxTokens}); raise it`);
    const type = thenParaphrase ? 'reworded' : 'rewritten';
    const c = assemble(`${type}-${n}`, type, this.embed({ text: out.text.trim(), source: doc.index }, n % 2 === 1));
    c.changedWords = changedShare(original, out.text);
    return c;
  }

  originalCase(n: number): EvalCase {
    return assemble(`original-${n}`, 'original', [{ text: this.original(between(this.rnd, 150, 375)) }]);
  }

  async build(counts: CaseCounts): Promise<EvalCase[]> {
    const out: EvalCase[] = [];
    for (let i = 0; i < counts.verbatim; i++) out.push(this.verbatim(i));
    for (let i = 0; i < counts.partial; i++) out.push(this.partial(i));
    for (let i = 0; i < counts.paraphrased; i++) out.push(await this.paraphrased(i));
    for (let i = 0; i < counts.rewritten; i++) out.push(await this.rewritten(i));
    for (let i = 0; i < counts.reworded; i++) out.push(await this.rewritten(i, true));
    for (let i = 0; i < counts.original; i++) out.push(this.originalCase(i));
    return out;
  }
}
