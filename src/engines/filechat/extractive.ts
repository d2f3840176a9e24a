import { cosine, embed } from '../embeddings';
import { clip } from './excerpt';
import { contentTokens, stem, writtenWords } from './question-terms';
import { type Sentence, splitSentences } from './sentences';
import type { ChatAnswer, ChatSource, RetrievedPassage } from './types';

export const NO_ANSWER = 'I could not find an answer to that in the document.';

const DEFAULT_MAX_SENTENCES = 3;
/** A 2nd or 3rd sentence joins the answer only when it scores this close to the best one: weaker ones are noise. */
const FOLLOWER_RATIO = 0.6;
/** The whole spread of the retrieval bonus, from the first passage to the last: a tie-breaker, not a vote. */
const RANK_WEIGHT = 0.3;
/** A term found only in the heading above a sentence says less about the sentence than one in it. */
const HEADING_WEIGHT = 0.5;
/** Per pair of question terms the sentence has side by side, times the pair's mean IDF. */
const PHRASE_WEIGHT = 0.5;
/** About one rare-ish term's worth: for "how many…" the sentence with the figure should beat one that only repeats the words. */
const FIGURE_BONUS = 1;
/**
 * Times the cosine of sentence and question (static vectors: about 0.2 unrelated, 0.5 alike). A sentence
 * found by meaning alone scores by it; one that has the question's words gets only a tie-breaker, since the
 * question's own words, where a sentence has them, are the better evidence.
 */
const MEANING_WEIGHT = 3;
const MEANING_TIE_BREAK = 0.5;
/**
 * A sentence sharing no word with the question answers it only from this cosine up. Measured on the eval's
 * city report: off-topic questions ("What is the capital of France?") reach 0.4–0.5 with some sentence,
 * so a lower bar answers questions the document cannot answer.
 */
const MEANING_ALONE = 0.5;
/**
 * The same bar for the sentence encoder's cosine (src/engines/embeddings/sentence-encoder.ts), which
 * spreads wider. Measured on the eval's documents: the sentence that answers a question worded unlike it
 * scores 0.27–0.59 (most above 0.37); questions from elsewhere reach 0.13–0.33 with their nearest sentence
 * ("What is the capital of France?" 0.33 against the city report), but questions near the document's
 * subject that it cannot answer ("What is the mayor's salary?") reach 0.45, and are answered with the
 * nearest sentence, cited: the model cannot tell them apart.
 */
const SENTENCE_ALONE = 0.35;
/**
 * With sentence vectors, a sentence scores by the share of the question's term weight it holds (0..1) plus
 * this times its cosine: the encoder judges what a sentence is about better than a shared word does ("Who
 * leads…" is not about "lead pipes"), while a sentence holding all the question's rarer words still beats
 * one merely near in topic. Measured: at 2.5, 35 of the eval's 47 questions worded unlike their answer find
 * the right page and the PDF and .docx questions keep every one; at 4, one more of the 47 but 41 instead of
 * 57 of 60 questions on a 500-page book.
 */
const ENCODER_WEIGHT = 2.5;

/** `count`: "how many …", a number of things, which a percentage does not answer. */
type Figure = 'date' | 'percent' | 'count' | 'number';

interface Candidate {
  passage: number;
  rank: number;
  position: number;
  text: string;
  stems: Set<string>;
  /** Content-word stems with their position among all words, for phrase matching. */
  sequence: { stem: string; index: number }[];
  /** Stems of the passage's heading and of the heading line above the sentence; for a table row, also of the table's header row. */
  context: Set<string>;
  /** The first sentence under a heading: the heading labels it, so a heading match alone lets it answer. */
  underHeading: boolean;
  /** A table row below its header row: the header's cells, to answer with the row's column names. */
  columns?: string[];
  /** A CSV row: its own row number, which its source cites (not the first row of its passage). */
  row?: number;
  /** A heading line: it answers only as the best sentence, alone. */
  heading?: true;
}

/**
 * The built-in answer for PDF and docx: the 1–3 sentences of the retrieved passages that best match the
 * question, quoted. Every term counts by its rarity among the candidate sentences (IDF), so a sentence that
 * shares the question's rare words beats one sharing only common ones; the passage's retrieval rank, a
 * figure when a figure is asked for, and the question's phrases kept together break the rest.
 */
export function answerFromPassages(question: string, passages: RetrievedPassage[], opts: { maxSentences?: number } = {}): ChatAnswer {
  const maxSentences = Math.max(1, Math.floor(opts.maxSentences ?? DEFAULT_MAX_SENTENCES));
  const questionTokens = contentTokens(question).map((t) => ({ stem: stem(t.word), index: t.index }));
  const terms = [...new Set(questionTokens.map((t) => t.stem))];
  if (terms.length === 0 || passages.length === 0) return { answer: NO_ANSWER, sources: [] };

  const candidates = sentencesOf(passages);
  const idf = inverseFrequencies(terms, candidates);
  const phrases = phrasePairs(questionTokens);
  const figure = askedFigure(question);

  const anchors = anchorTerms(question);
  const asked = embed(
    contentTokens(question)
      .map((t) => t.word)
      .join(' '),
  );
  // What a sentence holding every question term scores by words alone.
  const fullMatch = terms.reduce((sum, t) => sum + (idf.get(t) ?? 0), 0) || 1;
  const scored: { candidate: Candidate; score: number; match: number; meaning: number }[] = [];
  for (const candidate of candidates) {
    // A heading that only repeats the question ("Refund Policy" for "what is the refund policy?") labels
    // the answer below it; one that says more ("A message from Mayor Elena Vasquez") may answer.
    if (candidate.heading && [...candidate.stems].every((s) => terms.includes(s))) continue;
    let own = 0;
    let fromHeading = 0;
    for (const term of terms) {
      const weight = idf.get(term) ?? 0;
      if (has(candidate.stems, term)) own += weight;
      else if (has(candidate.context, term)) fromHeading += HEADING_WEIGHT * weight;
    }
    const encoded = encoderSimilarity(passages[candidate.passage]!, candidate.text);
    const meaning = Math.max(0, encoded ?? cosine(asked, embed(candidate.text)));
    if (own === 0 && !(candidate.underHeading && fromHeading > 0) && meaning < (encoded === undefined ? MEANING_ALONE : SENTENCE_ALONE)) continue;
    let score = own + fromHeading;
    for (const [a, b] of phrases) {
      if (hasPhrase(candidate.sequence, a, b)) score += (PHRASE_WEIGHT * ((idf.get(a) ?? 0) + (idf.get(b) ?? 0))) / 2;
    }
    const match = score;
    if (encoded === undefined) score += (own > 0 ? MEANING_TIE_BREAK : MEANING_WEIGHT) * meaning;
    else score = match / fullMatch + ENCODER_WEIGHT * meaning;
    if (figure) score += FIGURE_BONUS * figureMatch(figure, candidate.text);
    score += RANK_WEIGHT * (1 - candidate.rank / passages.length);
    scored.push({ candidate, score, match, meaning });
  }
  if (scored.length === 0) return { answer: NO_ANSWER, sources: [] };

  scored.sort((x, y) => y.score - x.score || x.candidate.rank - y.candidate.rank || x.candidate.position - y.candidate.position);
  const best = scored[0]!;
  // A follower must be about what the answer is about: as close a match by the question's own words (a
  // figure alone does not make a sentence relevant) and in meaning, and naming every year, figure or name of
  // the question the best sentence names ("in 2023" is not answered by the sentence about 2022).
  const bestAnchors = anchors.filter((a) => has(best.candidate.stems, a));
  const chosen = scored
    .slice(0, maxSentences)
    .filter(
      (s, i) =>
        i === 0 ||
        (!best.candidate.heading &&
          !s.candidate.heading &&
          s.score >= FOLLOWER_RATIO * best.score &&
          s.match >= FOLLOWER_RATIO * best.match &&
          (best.match > 0 || s.meaning >= FOLLOWER_RATIO * best.meaning) &&
          bestAnchors.every((a) => has(s.candidate.stems, a))),
    )
    .map((s) => s.candidate);

  // Sentences of one passage read in the document's order; passages follow their best sentence.
  const groups = new Map<number, Candidate[]>();
  for (const c of chosen) groups.set(c.passage, [...(groups.get(c.passage) ?? []), c]);
  const answerParts: string[] = [];
  const sources: ChatSource[] = [];
  for (const [passage, group] of groups) {
    const sorted = group.sort((x, y) => x.position - y.position);
    const texts = sorted.map((c) => c.text);
    answerParts.push(...sorted.map(readable));
    const from = passages[passage]!;
    sources.push({ page: sorted[0]!.row ?? from.page, excerpt: clip(texts.join(' ')), ...(from.fileId ? { fileId: from.fileId } : {}) });
  }
  return { answer: answerParts.join(' '), sources };
}

/** Every sentence of the passages in retrieval order; a sentence repeated (a running header, a footer) is kept once, where it ranks best. */
function sentencesOf(passages: RetrievedPassage[]): Candidate[] {
  // A missing or NaN score ranks last rather than scrambling the sort.
  const score = (i: number): number => (Number.isFinite(passages[i]!.score) ? passages[i]!.score : -Infinity);
  const order = passages.map((_, i) => i).sort((a, b) => (score(b) > score(a) ? 1 : score(b) < score(a) ? -1 : a - b));
  const seen = new Set<string>();
  const out: Candidate[] = [];
  order.forEach((passageIndex, rank) => {
    const passage = passages[passageIndex]!;
    const passageHeading = passage.heading ? stemSet(passage.heading) : new Set<string>();
    let lineHeading = new Set<string>();
    let afterHeading = passageHeading.size > 0;
    let position = 0;
    // A table's first row names its columns: the rows below it are read with those names as context.
    let tableHeader: Set<string> | null = null;
    let headerCells: string[] = [];
    for (const sentence of passageSentences(passage)) {
      position += 1;
      // (a CSV row with every cell empty is an empty line: it still counts, so the rows after keep their numbers)
      if (!sentence.text) continue;
      if (sentence.heading) {
        lineHeading = stemSet(sentence.text);
        afterHeading = true;
        tableHeader = null;
        // A heading may answer by itself ("A message from Mayor Elena Vasquez" for "who is the mayor?"),
        // quoted alone: never glued to the sentence below it, and never a follower of another sentence
        // (see answerFromPassages for when it may).
        const key = sentence.text.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        const tokens = contentTokens(sentence.text);
        out.push({
          passage: passageIndex,
          rank,
          position,
          text: sentence.text,
          stems: lineHeading,
          sequence: tokens.map((t) => ({ stem: stem(t.word), index: t.index })),
          context: new Set(passageHeading),
          underHeading: false,
          heading: true,
        });
        continue;
      }
      const isRow = TABLE_ROW.test(sentence.text);
      const columnNames = isRow ? tableHeader : null;
      const columns = columnNames ? headerCells : undefined;
      if (isRow && !tableHeader) headerCells = cellsOf(sentence.text);
      tableHeader = isRow ? (tableHeader ?? stemSet(sentence.text)) : null;
      const key = sentence.text.toLowerCase();
      const underHeading = afterHeading;
      afterHeading = false;
      if (seen.has(key)) continue;
      seen.add(key);
      const tokens = contentTokens(sentence.text);
      out.push({
        passage: passageIndex,
        rank,
        position,
        text: sentence.text,
        stems: stemSet(sentence.text),
        sequence: tokens.map((t) => ({ stem: stem(t.word), index: t.index })),
        context: new Set([...passageHeading, ...lineHeading, ...(columnNames ?? [])]),
        underHeading,
        ...(columns ? { columns } : {}),
        ...(passage.rowEnd !== undefined ? { row: passage.page + position - 1 } : {}),
      });
    }
  });
  return out;
}

/**
 * A passage's sentences. A CSV passage (a run of rows, `rowEnd` set) holds one row a line, "column: value"
 * pairs without a closing stop: each row is a sentence of its own, never wrapped into the next, so an
 * answer quotes rows, not runs of twenty.
 */
function passageSentences(passage: RetrievedPassage): Sentence[] {
  if (passage.rowEnd === undefined) return splitSentences(passage.content, passage.heading);
  return passage.content.split('\n').map((line) => ({ text: line.replace(/\s+/g, ' ').trim(), heading: false }));
}

/** Stems of the question's figures and names (capitalised past its first word): a sentence without them is about something else. */
function anchorTerms(question: string): string[] {
  const written = writtenWords(question);
  const out = new Set<string>();
  for (const { word, index } of contentTokens(question)) {
    if (/\d/.test(word) || (index > 0 && /^\p{Lu}/u.test(written[index] ?? ''))) out.add(stem(word));
  }
  return [...out];
}

/** A table row reads with its column names ("Species: Kingfisher; Count: 37"); anything else as written. */
function readable(candidate: Candidate): string {
  if (!candidate.columns) return candidate.text;
  const cells = cellsOf(candidate.text);
  if (cells.length !== candidate.columns.length) return candidate.text;
  return cells.flatMap((cell, i) => (cell ? [candidate.columns![i] ? `${candidate.columns![i]}: ${cell}` : cell] : [])).join('; ');
}

function cellsOf(row: string): string[] {
  return row.split(' | ').map((c) => c.trim());
}

/** A table row as the docx reader writes it: cells joined by " | ", one row per line. */
const TABLE_ROW = / \| /;

/** Stems of the content words, and of each part of a compound too, so "long term" finds "long-term". */
function stemSet(text: string): Set<string> {
  const out = new Set<string>();
  for (const { word } of contentTokens(text)) {
    const s = stem(word);
    out.add(s);
    if (s.includes('-')) for (const part of s.split('-')) if (part) out.add(part);
  }
  return out;
}

/** A compound question term ("long-term") also matches its parts written apart. */
function has(stems: Set<string>, term: string): boolean {
  return stems.has(term) || (term.includes('-') && term.split('-').every((part) => !part || stems.has(part)));
}

/** 1 + ln(N/df): a term in every sentence still counts 1. A term in no sentence may still be in a heading, where it is as rare as can be. */
function inverseFrequencies(terms: string[], candidates: Candidate[]): Map<string, number> {
  const idf = new Map<string, number>();
  for (const term of terms) {
    const df = candidates.filter((c) => has(c.stems, term)).length;
    idf.set(term, 1 + Math.log(Math.max(candidates.length, 1) / Math.max(df, 1)));
  }
  return idf;
}

/** Consecutive question terms with at most one function word between them ("rate of interest"). */
function phrasePairs(tokens: { stem: string; index: number }[]): [string, string][] {
  const pairs = new Map<string, [string, string]>();
  for (let i = 1; i < tokens.length; i++) {
    const a = tokens[i - 1]!;
    const b = tokens[i]!;
    if (b.index - a.index <= 2 && a.stem !== b.stem) pairs.set(`${a.stem} ${b.stem}`, [a.stem, b.stem]);
  }
  return [...pairs.values()];
}

function hasPhrase(sequence: { stem: string; index: number }[], a: string, b: string): boolean {
  for (let i = 1; i < sequence.length; i++) {
    if (sequence[i - 1]!.stem === a && sequence[i]!.stem === b && sequence[i]!.index - sequence[i - 1]!.index <= 2) return true;
  }
  return false;
}

const ASKS_DATE = /\bwhen\b|\b(?:what|which|in what)\s+(?:year|date|day|month|decade|century)\b|\bwhat time\b/;
const ASKS_PERCENT = /\b(?:what|which)\s+(?:percentage|percent|proportion|share|fraction)\b|\bhow much percent/;
const ASKS_NUMBER =
  /\bhow\s+(?:many|much|long|old|far|often|big|large|tall|high|fast|heavy|wide|deep)\b|\bwhat(?:'s|\s+is|\s+was|\s+are|\s+were)?(?:\s+the)?\s+(?:number|amount|total|sum|price|cost|size|age|value|figure|rate|salary|fee|budget|population|count)\b/;

/** Whether the question asks for a date, a percentage or another figure. */
function askedFigure(question: string): Figure | undefined {
  const q = question.toLowerCase().replace(/’/g, "'");
  if (ASKS_PERCENT.test(q)) return 'percent';
  if (ASKS_DATE.test(q)) return 'date';
  if (/\bhow\s+many\b/.test(q)) return 'count';
  if (ASKS_NUMBER.test(q)) return 'number';
  return undefined;
}

const HAS_DATE =
  /\b(?:1[0-9]|20)\d{2}\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\bcentury\b/i;
const HAS_PERCENT = /%|\bper\s?cent\b/i;
const HAS_NUMBER =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half)\b/i;

const PERCENTAGE = /(?:\d[\d,.]*|\b[a-z]+)\s*(?:%|\bper\s?cent\b)/gi;

/**
 * 1 when the sentence holds the kind of figure asked for, ½ for some other figure, else 0. A count ("how
 * many stores") is not answered by a percentage ("a 30 percent discount"): that is some other figure.
 */
function figureMatch(figure: Figure, text: string): number {
  const exact =
    figure === 'count'
      ? HAS_NUMBER.test(text.replace(PERCENTAGE, ''))
      : (figure === 'date' ? HAS_DATE : figure === 'percent' ? HAS_PERCENT : HAS_NUMBER).test(text);
  if (exact) return 1;
  return HAS_NUMBER.test(text) ? 0.5 : 0;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The sentence encoder's cosine for a candidate sentence, when retrieval brought the passage's sentence
 * similarities: the unit that holds the sentence (or that it holds, where the two sentence splitters cut
 * differently). Undefined when the document has no sentence vectors.
 */
function encoderSimilarity(passage: RetrievedPassage, sentence: string): number | undefined {
  if (!passage.sentences?.length) return undefined;
  const wanted = squash(sentence);
  let best: number | undefined;
  for (const unit of passage.sentences) {
    const text = squash(unit.text);
    if (text.includes(wanted) || wanted.includes(text)) best = Math.max(best ?? -1, unit.similarity);
  }
  return best;
}
