/**
 * Tone, applied after the mode, sentence by sentence:
 *  - casual: contractions, short sentences (long ones split at "; " and ", and "), plain connectors,
 *    the reader addressed as "you" (a greeting or closing line added where the text never does);
 *    a paraphrase keeps its sentences one for one: no split, no added line;
 *  - formal: every contraction expanded, no slang, complete sentences, formal connectors;
 *  - academic: as formal, plus hedged strong claims ("may", "appears to", "suggests") and the formal
 *    connectors of academic prose ("Moreover", "Furthermore", "Consequently").
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
}

export function applyTone(lines: TextLines, tone: TextTone, opts: ToneOptions): TextLines {
  const head = opts.title ? lines.slice(0, 1) : [];
  const body = opts.title ? lines.slice(1) : lines;
  const aside = opts.keepSentences ? 'none' : opts.title ? 'start' : 'end';
  const toned = tone === 'casual' ? casual(body, opts.seed, aside) : tone === 'formal' ? formal(body) : academic(body);
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

/** `aside`: where a greeting or closing line may go when the text neither contracts nor addresses "you"; 'none' keeps the sentences as they are. */
function casual(lines: TextLines, seed: string, aside: 'start' | 'end' | 'none'): TextLines {
  const out = lines.map((line) => ({
    ...line,
    sentences: line.sentences.flatMap((sentence) => {
      let s = sentence;
      for (const [pattern, replacement] of CASUAL_CONNECTORS) s = s.replace(pattern, replacement);
      s = outsideQuotes(s, (part) => CASUAL_WORDS.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), part));
      return (aside === 'none' ? [s] : splitLong(s)).map(contract);
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

interface Hedge {
  pattern: RegExp;
  replace: (...groups: string[]) => string;
  /** The match is a verb that becomes "may <verb>": skipped where it is really a plural noun or follows a modal. */
  verb?: boolean;
}

/** Strong assertions and their hedged form; one per sentence, first match wins. */
const HEDGES: readonly Hedge[] = [
  { pattern: /\b(shows?|proves?|demonstrates?|confirms?) that\b/, replace: (_m, verb = '') => (verb.endsWith('s') ? 'suggests that' : 'suggest that') },
  { pattern: /^(Clearly|Obviously|Certainly|Undoubtedly|Definitely),\s*(\w)/, replace: (_m, _adverb, c = '') => `Arguably, ${c.toLowerCase()}` },
  { pattern: /\b(clearly|obviously|certainly|undoubtedly|definitely)\b/, replace: () => 'arguably' },
  { pattern: /\bwill\b(?! be able)/, replace: () => 'may' },
  { pattern: /\balways\b/, replace: () => 'generally' },
  {
    pattern: /\b(is|are) (the )?(best|most|only|main|key|biggest|largest|greatest|worst)\b/,
    replace: (_m, be = '', the = '', what = '') => `${be} arguably ${the}${what}`,
  },
  {
    pattern:
      /\b(causes|leads to|results in|increases|reduces|improves|prevents|protects|affects|creates|boosts|lowers|raises|harms|damages|supports|helps|provides|allows|depends on)\b/,
    replace: (_m, verb = '') => `may ${baseOf(verb)}`,
    verb: true,
  },
];

/** Words that precede a noun, so a following "increases"/"supports" is a plural noun, not a verb. */
const NOUN_CONTEXT =
  /\b(?:the|a|an|these|those|its|their|his|her|our|my|your|any|such|some|many|few|recent|large|small|major|minor|sharp|steady|price|tax|cost|rate)\s+$/i;
/** A verb after a modal or "to" is not a finite claim to hedge. */
const MODAL_CONTEXT = /\b(?:will|can|could|would|should|must|may|might|to|not)\s+$/i;

function baseOf(verbPhrase: string): string {
  const [verb = '', ...rest] = verbPhrase.split(' ');
  const base = verb.endsWith('ies') ? `${verb.slice(0, -3)}y` : /(?:ss|x|ch|sh|zz)es$/.test(verb) ? verb.slice(0, -2) : verb.slice(0, -1);
  return [base, ...rest].join(' ');
}

function hedge(sentence: string): string | undefined {
  const parts = sentence.split(/("[^"]*"|“[^”]*”)/);
  for (let p = 0; p < parts.length; p += 2) {
    const part = parts[p]!;
    for (const { pattern, replace, verb } of HEDGES) {
      const m = pattern.exec(part);
      if (!m) continue;
      const before = part.slice(0, m.index);
      if (verb && (NOUN_CONTEXT.test(before) || MODAL_CONTEXT.test(before) || before.trim() === '')) continue;
      parts[p] = before + replace(...m) + part.slice(m.index + m[0].length);
      return parts.join('');
    }
  }
  return undefined;
}

/** Sentence openings that are ordinary words, never names. */
const LOWERCASE_SAFE =
  /^(?:The|A|An|This|That|These|Those|It|Its|They|Their|There|We|Our|He|His|She|Her|In|On|At|As|For|With|By|From|After|Before|When|While|Because|Although|If|Since|Many|Most|Some|Each|Every|One|Such|Both|All|Other|Another|Several|Studies|Research|People|Customers|Critics|Doctors|Put|Take|Other|Related|Closely|Terms|Anyone|Going|Used|Places|Names|Instead|What|Together|Taken|Here|Outside|Words)\b/;

function academic(lines: TextLines): TextLines {
  let hedged = 0;
  let connected = 0;
  const out = lines.map((line) => ({
    ...line,
    sentences: line.sentences.map((sentence, i) => {
      let s = formalSentence(sentence, ACADEMIC_CONNECTORS);
      s = outsideQuotes(s, (part) =>
        part.replace(/\b[Yy]ou (can|should|might|must|may|could|will)\b/g, (m, modal: string) => `${m.startsWith('Y') ? 'One' : 'one'} ${modal}`),
      );
      const withHedge = hedge(s);
      if (withHedge) {
        s = withHedge;
        hedged++;
      }
      // Every third sentence of a paragraph that does not already open with a connector gets a formal one.
      // Only before a word that is safe to lower-case: a name must keep its capital.
      if (i > 0 && i % 3 === 2 && !HAS_CONNECTOR.test(s) && LOWERCASE_SAFE.test(s)) {
        const lead = connected++ % 2 === 0 ? 'Moreover' : 'Furthermore';
        s = `${lead}, ${s.charAt(0).toLowerCase()}${s.slice(1)}`;
      }
      return s;
    }),
  }));
  // A text too short for either still gets one hedge: the first plain "is"/"are" claim.
  if (hedged === 0 && connected === 0) {
    for (const line of out) {
      const idx = line.sentences.findIndex((s) => /\b(?:is|are)\b/.test(s) && !/["“]/.test(s));
      if (idx >= 0) {
        line.sentences[idx] = line.sentences[idx]!.replace(/\b(is|are)\b/, (be) => (be === 'is' ? 'appears to be' : 'appear to be'));
        break;
      }
    }
  }
  return out;
}
