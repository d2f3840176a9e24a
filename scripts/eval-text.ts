/**
 * `npm run eval:text`: how honest the built-in text engine is (issue 28 item 5), on the text engine
 * tests' samples (test/engines/text/samples.ts, honest-samples.ts). Deterministic; no database.
 *
 * - substitutions whose sense changed: the original's first sense, in some part of speech, holds < 80 %
 *   of its SemCor tag counts (or < 5 of them), or is not the replacement's first sense ("ordered" → "said");
 * - numbers and names kept by rewrite and paraphrase;
 * - share of content words a paraphrase changes, sentences a rewrite restructures;
 * - academic rewrites and paraphrases with a hedge word the input did not have;
 * - short writes (30, 60, 100 tokens × 3 tones × 6 prompts) with a frame (introduction/closing), and
 *   with nothing but a frame;
 * - "kind of" / broader-category sentences in long writes.
 */
import { loadLexicon, type WordNetPos } from '../src/engines/lexicon';
import { generateLocalText } from '../src/engines/text/local-provider';
import { paraphraseText } from '../src/engines/text/paraphrase';
import { rewriteText } from '../src/engines/text/rewrite';
import { renderLines } from '../src/engines/text/text-lines';
import { createRandom } from '../src/lib/seeded-random';
import { changedShare, namesOf, numbersOf } from '../test/engines/text/helpers';
import { FACTS } from '../test/engines/text/honest-samples';
import { NAMES_AND_NUMBERS, PROSE } from '../test/engines/text/samples';

const lex = await loadLexicon();
const POS: WordNetPos[] = ['noun', 'verb', 'adj', 'adv'];

function settled(base: string, pos: WordNetPos): boolean {
  if (lex.synsets(base, pos).length <= 1) return true;
  const counts = lex.tagCounts(base, pos);
  const total = counts.reduce((a, b) => a + b, 0);
  const first = counts[0] ?? 0;
  return first >= 5 && first >= 0.8 * total;
}

function senseKept(from: string, to: string): boolean {
  for (const pos of POS) {
    for (const base of lex.baseForms(from, pos)) {
      for (const baseTo of lex.baseForms(to, pos)) {
        const s = lex.synsets(base, pos)[0];
        if (s && s.id === lex.synsets(baseTo, pos)[0]?.id && settled(base, pos)) return true;
      }
    }
  }
  return false;
}

const texts = [...PROSE, NAMES_AND_NUMBERS, ...FACTS];
let substitutions = 0;
const senseChanged: string[] = [];
let numbers = 0;
let numbersKept = 0;
let names = 0;
let namesKept = 0;
for (const [mode, run] of [
  ['paraphrase', paraphraseText],
  ['rewrite', rewriteText],
] as const) {
  for (const text of texts) {
    const outcome = run(text, lex, createRandom(7));
    const output = renderLines(outcome.lines);
    for (const { from, to } of outcome.substitutions) {
      substitutions++;
      if (!senseKept(from, to)) senseChanged.push(`${mode}: ${from} → ${to}`);
    }
    for (const n of numbersOf(text)) {
      numbers++;
      if (output.includes(n)) numbersKept++;
    }
    for (const n of namesOf(text)) {
      names++;
      if (output.includes(n)) namesKept++;
    }
  }
}

let changed = 0;
let content = 0;
for (const text of PROSE) {
  const r = changedShare(text, renderLines(paraphraseText(text, lex, createRandom(7)).lines));
  changed += r.changed;
  content += r.total;
}
let restructured = 0;
let sentences = 0;
for (const text of [...PROSE, NAMES_AND_NUMBERS]) {
  const o = rewriteText(text, lex, createRandom(7));
  restructured += o.restructured;
  sentences += o.sentences;
}

const HEDGE = /\b(?:may|might|appears?|suggests?|arguably|generally|possibly|perhaps|likely|seems?)\b/gi;
let hedged = 0;
let academic = 0;
for (const mode of ['rewrite', 'paraphrase'] as const) {
  for (const prompt of texts) {
    academic++;
    const out = generateLocalText({ prompt, mode, tone: 'academic', language: 'en', maxTokens: 2000 }, lex);
    const before = new Set((prompt.match(HEDGE) ?? []).map((w) => w.toLowerCase()));
    if ((out.match(HEDGE) ?? []).some((w) => !before.has(w.toLowerCase()))) hedged++;
  }
}

const PROMPTS = [
  'Write an article about the history of coffee and its effect on health',
  'Write a blog post about urban gardening for city residents',
  'Explain how volcanoes form and why they erupt',
  'An essay on the ocean, whales and climate',
  'Describe Paris',
  'Write about dogs, cats, horses and birds',
];
const FRAME =
  /\b(?:This piece|What follows|Here is (?:an overview|what)|Taken together|Together, these|With these (?:basics|definitions)|In short|That is what|Those are the basics)\b/;
let short = 0;
let framed = 0;
let frameOnly = 0;
let kindOf = 0;
let longSentences = 0;
for (const prompt of PROMPTS) {
  for (const maxTokens of [30, 60, 100]) {
    for (const tone of ['formal', 'casual', 'academic'] as const) {
      short++;
      const out = generateLocalText({ prompt, mode: 'write', tone, language: 'en', maxTokens }, lex);
      const body = out
        .split('\n')
        .slice(out.includes('\n') ? 1 : 0)
        .join(' ')
        .split(/(?<=[.!?])\s+/)
        .filter((s) => s.trim());
      if (body.some((s) => FRAME.test(s))) framed++;
      if (body.every((s) => FRAME.test(s) || /^Here's|^Let's/.test(s))) frameOnly++;
    }
  }
  const long = generateLocalText({ prompt, mode: 'write', tone: 'formal', language: 'en', maxTokens: 8192 }, lex);
  const all = long.split(/(?<=[.!?])\s+/);
  longSentences += all.length;
  kindOf += all.filter((s) => /\b(?:kind|kinds|type) of\b|broader heading|broader (?:term|verb)|wider category|in turn/.test(s)).length;
}

const pct = (a: number, b: number): string => `${a}/${b} (${b ? ((100 * a) / b).toFixed(1) : '0.0'} %)`;
console.log(`substitutions (rewrite + paraphrase, ${texts.length} texts):   ${substitutions}`);
console.log(`  of which changed the word's sense:          ${pct(senseChanged.length, substitutions)}`);
console.log(`numbers kept:                                  ${pct(numbersKept, numbers)}`);
console.log(`names kept:                                    ${pct(namesKept, names)}`);
console.log(`paraphrase: content words changed:             ${pct(changed, content)}`);
console.log(`rewrite: sentences restructured:               ${pct(restructured, sentences)}`);
console.log(`academic outputs with a new hedge word:        ${pct(hedged, academic)}`);
console.log(`short writes (30-100 tokens) with a frame:     ${pct(framed, short)}`);
console.log(`short writes that are only a frame:            ${pct(frameOnly, short)}`);
console.log(`long writes: "kind of" / category sentences:   ${pct(kindOf, longSentences)}`);
if (senseChanged.length > 0) console.log(`\nsense changed: ${senseChanged.join('; ')}`);
