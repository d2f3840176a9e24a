/**
 * Tone, applied after the mode, sentence by sentence:
 *  - casual: contractions, short sentences (long ones split at "; " and ", and "), plain connectors,
 *    the reader addressed as "you" (a greeting or closing line added where the text never does);
 *    a paraphrase keeps its sentences one for one: no split, no added line;
 *  - formal: every contraction expanded, no slang, complete sentences, formal connectors;
 *  - academic: as formal, the reader not addressed ("you can" → "one can"), and the formal connectors
 *    of academic prose ("Moreover", "Furthermore", "Consequently"). It adds no hedge: "will" does not
 *    become "may", nor "is" "appears to be", nor "shows" "suggests". A hedge the engine cannot ground in
 *    the text turns a plain fact into a doubt the writer never had; the author's own hedges stay.
 * Quoted passages are never altered.
 */
import { contract, expand, hasContraction, outsideQuotes } from './contractions';
import { hashString } from '../../lib/seeded-random';
import type { TextLines } from './text-lines';
import type { TextTone } from './types';

export interface ToneOptions {
  /**
   * The first line is a title (write mode): no sentence rules apply to it, and the casual tone greets
   * the reader before the piece. Without a title (the user's own text) any casual aside goes last, so a
   * small token budget is spent on the text itself.
   */
  title: boolean;
  /** Varies the casual opener deterministically. */
  seed: string;
  /**
   * Sentence for sentence (paraphrase): the casual tone neither splits a sentence nor adds an aside, so
   * the output has the input's sentences, each in other words, and nothing the input did not say.
   */
  keepSentences?: boolean;
  /** Whether the casual tone may add a greeting or closing line (default true); a short write has no room for one. */
  aside?: boolean;
}

export function applyTone(lines: TextLines, tone: TextTone, opts: ToneOptions): TextLines {
  const head = opts.title ? lines.slice(0, 1) : [];
  const body = opts.title ? lines.slice(1) : lines;
  const aside = opts.keepSentences || opts.aside === false ? 'none' : opts.title ? 'start' : 'end';
  const toned = tone === 'casual' ? casual(body, opts.seed, aside, !opts.keepSentences) : tone === 'formal' ? formal(body) : academic(body);
  return [...head.map((line) => ({ ...line, sentences: line.sentences.map(tone === 'casual' ? (s) => s : expand) })), ...toned];
}

// ---------------------------------------------------------------- casual

const CASUAL_CONNECTORS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^However,\s*/, 'But '],
  [/^(?:Therefore|Consequently|Thus|Hence|As a result),\s*/, 'So '],
  [/^(?:Moreover|Furthermore|In addition|Additionally|What is more),\s*/, 'Plus, '],
  [/^(?:Nevertheless|Nonetheless|Even so),\s*/, 'But '],
  [/^For instance,\s*/, 'For example, '],
];

const CASUAL_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\butili[sz](e|es|ed|ing)\b/g, 'us$1'],
  [/\bapproximately\b/g, 'about'],
  [/\bpurchase\b/g, 'buy'],
  [/\bpurchases\b/g, 'buys'],
  [/\bpurchased\b/g, 'bought'],
  [/\bpurchasing\b/g, 'buying'],
  [/\bnumerous\b/g, 'lots of'],
  [/\bcommence\b/g, 'start'],
  [/\bcommenced\b/g, 'started'],
  [/\bregarding\b/g, 'about'],
  [/\bindividuals\b/g, 'people'],
  [/\b[Oo]ne (can|should|might|must|may|could|will)\b/g, 'you $1'],
  [/\bone's\b/g, 'your'],
];

const OPENERS = ["Here's what you should know.", "Here's the short version, if you're curious.", "Let's walk you through it.", "Here's what's worth knowing."];
const CLOSERS = [
  "That's the gist, if you're wondering.",
  "Hope that's useful to you.",
  "That's what you need to know.",
  "That's the short of it, if you're curious.",
];

/** `aside`: where a greeting or closing line may go when the text neither contracts nor addresses "you"; `split`: long sentences may be split. */
function casual(lines: TextLines, seed: string, aside: 'start' | 'end' | 'none', split: boolean): TextLines {
  const out = lines.map((line) => ({
    ...line,
    sentences: line.sentences.flatMap((sentence) => {
      let s = sentence;
      for (const [pattern, replacement] of CASUAL_CONNECTORS) s = s.replace(pattern, replacement);
      s = outsideQuotes(s, (part) => CASUAL_WORDS.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), part));
      return (split ? splitLong(s) : [s]).map(contract);
    }),
  }));
  const text = out.flatMap((l) => l.sentences).join(' ');
  if (aside !== 'none' && (!/\byou(?:r|'re|'ll|'ve)?\b/i.test(text) || !hasContraction(text)) && out.length > 0) {
    const pick = hashString(seed);
    if (aside === 'start') out[0] = { ...out[0]!, sentences: [OPENERS[pick % OPENERS.length]!, ...out[0]!.sentences] };
    else out[out.length - 1] = { ...out[out.length - 1]!, sentences: [...out[out.length - 1]!.sentences, CLOSERS[pick % CLOSERS.length]!] };
  }
  return out;
}

/** Splits at "; " and at ", and " / ", but " when both halves can stand alone; short sentences stay whole. */
function splitLong(sentence: string): string[] {
  if (/["“]/.test(sentence)) return [sentence];
  const parts = sentence.split(/;\s+/).filter(Boolean);
  const sentences = parts.map((p, i) => (i < parts.length - 1 ? p.replace(/[,]?$/, '.') : p));
  return sentences
    .flatMap((s) => {
      const words = s.split(/\s+/).length;
      const m = /^(.{20,}?), (?:and|but) ((?:I|you|we|they|he|she|it|this|that|these|those|there|the|a|an|its|their|his|her|our|my)\b.+)$/.exec(s);
      if (!m || words < 16) return [s];
      const [, left, right] = m;
      if (!left || !right || left.includes(',') || left.split(/\s+/).length < 6 || right.split(/\s+/).length < 5) return [s];
      return [`${left}.`, right.charAt(0).toUpperCase() + right.slice(1)];
    })
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1));
}

// ---------------------------------------------------------------- formal

const SLANG: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bgonna\b/gi, 'going to'],
  [/\bwanna\b/gi, 'want to'],
  [/\bgotta\b/gi, 'have to'],
  [/\b(?:kinda|sorta)\b/gi, 'somewhat'],
  [/\byeah\b|\byep\b/gi, 'yes'],
  [/\bnope\b/gi, 'no'],
  [/\bguys\b/gi, 'people'],
  [/\bkids\b/gi, 'children'],
  [/\bstuff\b/gi, 'material'],
  [/\bpretty much\b/gi, 'largely'],
  [/\b(?:a lot|lots) of (?=\w+s\b)/gi, 'a large number of '],
  [/\b(?:a lot|lots) of\b/gi, 'a great deal of'],
  [/\btotally\b/gi, 'entirely'],
  [/\bOK\b|\bokay\b/g, 'acceptable'],
];

const FORMAL_CONNECTORS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^But\s+/, 'However, '],
  [/^So\s+(?!that\b)/, 'Therefore, '],
  [/^(?:And|Plus|Also),?\s+/, 'In addition, '],
  [/^Anyway,\s*/, 'In any case, '],
  [/^Still,\s*/, 'Nevertheless, '],
];

function formalSentence(sentence: string, connectors: ReadonlyArray<readonly [RegExp, string]>): string {
  let s = outsideQuotes(expand(sentence), (part) => SLANG.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), part));
  for (const [pattern, replacement] of connectors) {
    if (pattern.test(s)) {
      // The word after "But"/"So" is already lower-case unless it is a name.
      s = s.replace(pattern, replacement);
      break;
    }
  }
  return complete(s);
}

/** Capital first letter, final punctuation. */
function complete(sentence: string): string {
  let s = sentence.trim();
  if (!s) return s;
  s = s.charAt(0).toUpperCase() + s.slice(1);
  if (!/[.!?…]["'”’)\]]*$/.test(s)) s = s.replace(/[,;:\s-]+$/, '') + '.';
  return s;
}

function formal(lines: TextLines): TextLines {
  return lines.map((line) => ({ ...line, sentences: line.sentences.map((s) => formalSentence(s, FORMAL_CONNECTORS)) }));
}

// ---------------------------------------------------------------- academic

const ACADEMIC_CONNECTORS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:But|Yet)\s+/, 'However, '],
  [/^(?:So|Therefore|Thus|Hence|As a result),?\s+(?!that\b)/, 'Consequently, '],
  [/^(?:And|Also|Plus|In addition|Additionally),?\s+/, 'Furthermore, '],
  [/^(?:Besides|What is more),\s+/, 'Moreover, '],
  [/^Anyway,\s*/, 'In any case, '],
  [/^Still,\s*/, 'Nevertheless, '],
];

const HAS_CONNECTOR =
  /^(?:However|Moreover|Furthermore|Consequently|Nevertheless|In addition|Additionally|Also|Thus|Hence|Therefore|For (?:example|instance)|In (?:contrast|fact|short|brief|summary|general)|By contrast|Meanwhile|Finally|Lastly|Similarly|Likewise|Indeed|First|Second|Third|Overall|On the whole|At the same time|Even so|As a result|To sum up|Taken together)\b/;

/** Sentence openings that are ordinary words, never names. */
const LOWERCASE_SAFE =
  /^(?:The|A|An|This|That|These|Those|It|Its|They|Their|There|We|Our|He|His|She|Her|In|On|At|As|For|With|By|From|After|Before|When|While|Because|Although|If|Since|Many|Most|Some|Each|Every|One|Such|Both|All|Other|Another|Several|Studies|Research|People|Customers|Critics|Doctors|Put|Take|Other|Related|Closely|Terms|Anyone|Going|Used|Places|Names|Instead|What|Together|Taken|Here|Outside|Words)\b/;

function academic(lines: TextLines): TextLines {
  let connected = 0;
  return lines.map((line) => ({
    ...line,
    sentences: line.sentences.map((sentence, i) => {
      let s = formalSentence(sentence, ACADEMIC_CONNECTORS);
      s = outsideQuotes(s, (part) =>
        part.replace(/\b[Yy]ou (can|should|might|must|may|could|will)\b/g, (m, modal: string) => `${m.startsWith('Y') ? 'One' : 'one'} ${modal}`),
      );
      // Every third sentence of a paragraph that does not already open with a connector gets a formal one.
      // Only before a word that is safe to lower-case: a name must keep its capital.
      if (i > 0 && i % 3 === 2 && !HAS_CONNECTOR.test(s) && LOWERCASE_SAFE.test(s)) {
        const lead = connected++ % 2 === 0 ? 'Moreover' : 'Furthermore';
        s = `${lead}, ${s.charAt(0).toLowerCase()}${s.slice(1)}`;
      }
      return s;
    }),
  }));
}
