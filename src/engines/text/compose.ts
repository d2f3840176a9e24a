/**
 * `write`: a piece on the prompt's subject, built only from what is known — the prompt's key terms and
 * WordNet's facts about them (definitions, synonyms, examples, related terms, other senses, and which
 * definitions mention another term). No facts are invented, so when the facts run out the piece ends,
 * shorter than the budget if need be.
 *
 * What it says is what the dictionary says, attributed as such where it could mislead:
 * - a term whose sense is not settled (several common senses, nothing in the prompt pointing to one;
 *   `KeyTerm.senseFit`) gets one sentence listing what the word can mean, and nothing that depends on
 *   one sense (synonyms, examples, related terms);
 * - no "X is a kind of Y" from WordNet's hypernyms: its categories are a taxonomist's ("a volcano is a
 *   kind of crack", "history is a kind of past") and chained they turn into false statements, while
 *   the definition already names what the thing is;
 * - an introduction, a closing line and a title only when the budget leaves room for at least two body
 *   paragraphs between them; a short budget is spent on the body alone.
 *
 * Every fact can be said several ways; the wording is chosen by a generator seeded with the request,
 * least-used wording first, and no sentence appears twice. Facts are ranked (definitions before
 * examples before the meanings of related terms) and the highest-ranked ones that fit the token budget
 * are kept, then laid out in reading order.
 */
import type { Lexicon, Synset } from '../lexicon/types';
import { hasContraction } from './contractions';
import { verbForm } from './inflect';
import { extractKeyTerms, type KeyTerm } from './key-terms';
import { cleanGloss, gatherKnowledge, isDefinition, type Knowledge } from './knowledge';
import type { Random } from '../../lib/seeded-random';
import { articleFor } from './substitute';
import type { TextLines } from './text-lines';
import { countTokens } from './tokens';

export interface ComposeOptions {
  /** Tokens the body may use; the caller truncates exactly afterwards. */
  budget: number;
  random: Random;
  /** Leave out usage examples written with contractions (formal and academic tones). */
  avoidContractions: boolean;
}

interface Candidate {
  text: string;
  /** Lower is more important. */
  tier: number;
  /** Paragraph it belongs to, in reading order. */
  section: number;
  /** Position within the paragraph. */
  order: number;
  /** Kept only if the candidate with this id is kept: a term's other facts need its definition first. */
  needs?: string;
  id?: string;
  /** Introduction or closing line: kept only around a body of at least two paragraphs. */
  scaffold?: boolean;
}

type Template = (...parts: string[]) => string;

export interface Article {
  lines: TextLines;
  /**
   * False when the dictionary knows nothing about any of the prompt's terms: `lines` is then the one
   * sentence saying so, with no title, to be given as it is. A title, an introduction and a closing
   * around nothing would only dress up the absence of facts, and a tone pass would add to them.
   */
  knowsSubject: boolean;
  /** The first line is a title (and the piece has an introduction and a closing): a budget with room for them. */
  titled: boolean;
}

/** Body paragraphs and sentences an introduction and a closing line must have between them (and twice their tokens). */
const SCAFFOLD_MIN_PARAGRAPHS = 2;
const SCAFFOLD_MIN_SENTENCES = 4;

export function composeArticle(prompt: string, lexicon: Lexicon, opts: ComposeOptions): Article {
  const terms = extractKeyTerms(prompt, lexicon);
  const knowledge = terms.map((term) => gatherKnowledge(term, lexicon));
  if (!knowledge.some(knowsSomething)) {
    const topic = prompt.trim().replace(/\s+/g, ' ').slice(0, 80);
    const sentence = `The request, "${topic}", names no subject that the built-in dictionary could look up, so there is nothing reliable to say about it here.`;
    return { lines: [{ sentences: [sentence], after: '' }], knowsSubject: false, titled: false };
  }
  const writer = new Writer(opts.random);
  const title = makeTitle(terms, prompt, opts.random);

  const candidates: Candidate[] = [];
  const add = (
    text: string | undefined,
    tier: number,
    section: number,
    order: number,
    link: { id?: string; needs?: string; scaffold?: boolean } = {},
  ): void => {
    if (text) candidates.push({ text, tier, section, order, ...link });
  };
  const termSection = (i: number, deeper: boolean): number => 10 + i * 2 + (deeper ? 1 : 0);
  const LINKS = 100;
  const CLOSE = 200;

  const phrases = terms.map(mention);
  add(writer.say(terms.length === 1 ? INTRO_ONE : INTRO_MANY, list(phrases)), 0, 0, 0, { scaffold: true });
  knowledge.forEach((k, i) => {
    if (!k.definition)
      add(
        `${cap(k.term.phrase)} is named in the request, but the built-in dictionary has no entry for it, so this piece does not describe it further.`,
        1,
        0,
        5 + i,
      );
    for (const m of k.modifiers) add(writer.say(MODIFIER, m.word, k.term.phrase, m.definition.text), 3, 0, 10 + i);
  });

  knowledge.forEach((k, i) => {
    const section = termSection(i, false);
    const deeper = termSection(i, true);
    const t = k.term;
    const w = t.lemma;
    const subject = nounSubject(t);
    const definitionId = `definition:${i}`;
    // A word whose sense is a guess is described by what it can mean, and by nothing that needs one sense.
    if (t.senseFit === 'guess') {
      const meanings = senseList(t);
      if (meanings.length > 1) add(writer.say(t.pos === 'verb' ? VERB_SENSES : SENSES, w, alternatives(meanings)), 1, section, 0, { id: definitionId });
      else if (k.definition)
        add(
          writer.say(t.pos === 'verb' ? VERB_DEFINITION_SOME : WORD_DEFINITION_SOME, w, t.pos === 'verb' ? toInfinitive(k.definition.text) : k.definition.text),
          1,
          section,
          0,
        );
      return;
    }
    // Every other fact about the term only makes sense after its definition.
    const fact = (text: string | undefined, tier: number, sectionOf: number, order: number): void =>
      add(text, tier, sectionOf, order, k.definition ? { needs: definitionId } : {});
    const define = (text: string): void => add(text, 1, section, 0, { id: definitionId });
    // "Usually" and "most common" only where the sense is the word's only or dominant one.
    const usual = t.senseFit !== 'context';
    if (k.definition) {
      const def = k.definition;
      if (t.pos === 'verb') define(writer.say(usual ? VERB_DEFINITION : VERB_DEFINITION_HERE, w, toInfinitive(def.text)));
      else if (def.domain) define(`In ${def.domain}, ${subject} is ${def.text}.`);
      // "A cat is feline mammal…" reads wrong, and the gloss may be plural ("vertebrates characterized by…"):
      // a countable noun whose gloss has no determiner is introduced as a word instead.
      else if (t.countable && !t.proper && !DETERMINED.test(def.text)) define(writer.say(usual ? WORD_DEFINITION : WORD_DEFINITION_HERE, w, def.text));
      else define(writer.say(t.proper ? PROPER_DEFINITION : usual ? NOUN_DEFINITION : NOUN_DEFINITION_HERE, subject, def.text, w));
    }
    if (k.synonyms.length > 0) {
      const templates = t.pos === 'verb' ? VERB_SYNONYMS : k.synonyms.length === 1 ? ONE_SYNONYM : SYNONYMS;
      fact(writer.say(templates, w, list(k.synonyms, 'or')), 3, section, 1);
    }

    k.examples
      .filter((e) => !(opts.avoidContractions && hasContraction(e)))
      .slice(0, 2)
      .forEach((example, n) => fact(writer.say(mentions(example, w) ? EXAMPLE_WITH_WORD : EXAMPLE, example, w), 5, section, 4 + n / 10));

    const related = k.related.map(name);
    if (related.length > 0) fact(writer.say(t.proper ? PROPER_RELATED : RELATED, list(related.slice(0, 4)), w), 5, section, 5);
    if (related.length > 5) fact(writer.say(t.proper ? PROPER_RELATED : RELATED, list(related.slice(4, 8)), w), 9, deeper, 9);
    k.related.slice(0, 5).forEach((r, n) => {
      const rDef = definitionOf(r);
      if (!rDef) return;
      const verb = r.pos === 'verb';
      fact(writer.say(verb ? RELATED_VERB_DEFINITION : RELATED_DEFINITION, name(r), verb ? toInfinitive(rDef) : rDef), n < 2 ? 7 : 9, deeper, 1 + n);
    });
    k.otherSenses.forEach((s, n) => {
      const sDef = definitionOf(s);
      if (sDef) fact(writer.say(OTHER_SENSE, w, s.pos === 'verb' ? toInfinitive(sDef) : sDef), 8, deeper, 7 + n);
    });
  });

  // Links between terms whose senses are settled: one defined through another, one among the other's
  // closest related terms. Shared categories are not links: see the header.
  for (let i = 0; i < knowledge.length; i++) {
    for (let j = i + 1; j < knowledge.length; j++) {
      const a = knowledge[i]!;
      const b = knowledge[j]!;
      const sa = a.term.sense;
      const sb = b.term.sense;
      if (!sa || !sb || a.term.senseFit === 'guess' || b.term.senseFit === 'guess') continue;
      const [wa, wb] = [a.term.lemma, b.term.lemma];
      if (mentions(a.definition?.text, wb)) add(writer.say(DEFINED_THROUGH, wa, wb), 4, LINKS, i * 10 + j + 0.5);
      else if (mentions(b.definition?.text, wa)) add(writer.say(DEFINED_THROUGH, wb, wa), 4, LINKS, i * 10 + j + 0.5);
      if (sa.related.includes(sb.id)) add(`${cap(wb)} is among the terms most closely related to ${wa}.`, 4, LINKS, i * 10 + j + 0.7);
    }
  }
  add(writer.say(terms.length === 1 ? CLOSING_ONE : CLOSING, list(phrases)), 0, CLOSE, 1, { scaffold: true });

  // The scaffold (title, introduction, closing) only around a body that has room for paragraphs.
  const body = candidates.filter((c) => !c.scaffold);
  const scaffold = candidates.filter((c) => c.scaffold);
  const scaffoldCost = countTokens(title) + 2 + scaffold.reduce((sum, c) => sum + countTokens(c.text) + 1, 0);
  const framed = select(body, opts.budget - scaffoldCost);
  const framedBody = layout(undefined, framed, deeper);
  const bodyCost = framed.reduce((sum, c) => sum + countTokens(c.text) + 1, 0);
  if (framedBody.length >= SCAFFOLD_MIN_PARAGRAPHS && framed.length >= SCAFFOLD_MIN_SENTENCES && bodyCost >= 2 * scaffoldCost) {
    return { lines: layout(title, [...scaffold, ...framed], deeper), knowsSubject: true, titled: true };
  }
  return { lines: layout(undefined, select(body, opts.budget), deeper), knowsSubject: true, titled: false };
}

/** A term's "more" paragraph, which joins its main one while both are short. */
function deeper(section: number): boolean {
  return section >= 10 && section < 100 && section % 2 === 1;
}

/** The first senses of a word (at most three, each with its own definition), for a word whose sense is a guess. */
function senseList(term: KeyTerm): string[] {
  const out: string[] = [];
  for (const s of term.senses) {
    const def = cleanGloss(s.gloss)?.text;
    if (!def || !isDefinition(def) || out.includes(def)) continue;
    out.push(term.pos === 'verb' ? `to ${toInfinitive(def)}` : def);
    if (out.length === 3) break;
  }
  return out;
}

/** Whether WordNet gave anything at all to write about the term (its phrase's modifiers included). */
function knowsSomething(k: Knowledge): boolean {
  return (
    k.definition !== undefined ||
    k.synonyms.length > 0 ||
    k.hypernyms.length > 0 ||
    k.examples.length > 0 ||
    k.related.length > 0 ||
    k.otherSenses.length > 0 ||
    k.modifiers.length > 0
  );
}

/**
 * Highest-ranked candidates first until the budget is spent; duplicates never. When not even the first
 * fits, the best-ranked one that does is taken (a whole sentence rather than a cut one), and only when
 * none fits the first, to be cut to the budget.
 */
function select(candidates: Candidate[], budget: number): Candidate[] {
  const ranked = [...candidates].sort((a, b) => a.tier - b.tier || a.section - b.section || a.order - b.order);
  const chosen: Candidate[] = [];
  const seen = new Set<string>();
  let used = 0;
  const kept = new Set<string>();
  for (const c of ranked) {
    const key = c.text.toLowerCase();
    if (seen.has(key) || (c.needs && !kept.has(c.needs))) continue;
    const cost = countTokens(c.text) + 1;
    if (used + cost > budget) continue;
    seen.add(key);
    if (c.id) kept.add(c.id);
    chosen.push(c);
    used += cost;
  }
  const first = ranked.find((c) => !c.needs);
  return chosen.length === 0 && first ? [first] : chosen;
}

/** Paragraphs in section order, under the title if any; a term's "more" paragraph joins its main one while both are short. */
function layout(title: string | undefined, chosen: Candidate[], deeper: (section: number) => boolean): TextLines {
  const sections = new Map<number, Candidate[]>();
  for (const c of chosen) sections.set(c.section, [...(sections.get(c.section) ?? []), c]);
  const lines: TextLines = title === undefined ? [] : [{ sentences: [title], after: '\n\n' }];
  let previous: number | undefined;
  for (const section of [...sections.keys()].sort((a, b) => a - b)) {
    const sentences = sections
      .get(section)!
      .sort((a, b) => a.order - b.order)
      .map((c) => c.text);
    const last = lines[lines.length - 1]!;
    if (deeper(section) && previous === section - 1 && last.sentences.length + sentences.length <= 7) last.sentences.push(...sentences);
    else lines.push({ sentences, after: '\n\n' });
    previous = section;
  }
  if (lines.length > 0) lines[lines.length - 1]!.after = '';
  return lines;
}

/** Picks a wording for a kind of sentence: least used so far, ties broken by the seeded generator. */
class Writer {
  private readonly uses = new Map<readonly Template[], number[]>();
  private readonly last = new Map<readonly Template[], number>();

  constructor(private readonly random: Random) {}

  say(templates: readonly Template[], ...parts: string[]): string {
    const counts = this.uses.get(templates) ?? templates.map(() => 0);
    this.uses.set(templates, counts);
    // Never the wording used just before for the same kind of sentence, when there is another.
    const usable = templates.map((_, i) => i).filter((i) => templates.length === 1 || i !== this.last.get(templates));
    const least = Math.min(...usable.map((i) => counts[i]!));
    const choice = this.random.pick(usable.filter((i) => counts[i] === least));
    counts[choice] = (counts[choice] ?? 0) + 1;
    this.last.set(templates, choice);
    return templates[choice]!(...parts);
  }
}

// ---------------------------------------------------------------- wordings

const INTRO_ONE: Template[] = [
  (l) => `This piece sets out what the dictionary records about ${l}: what the word means, and the terms around it.`,
  (l) => `What follows is a short guide to ${l}, built from its dictionary definition and the words connected to it.`,
  (l) => `Here is what the dictionary says about ${l}, from what the word means to the terms related to it.`,
];
const INTRO_MANY: Template[] = [
  (l) => `This piece sets out what the dictionary records about ${l}: what each word means, and the terms around them.`,
  (l) => `What follows is a short guide to ${l}, built from their dictionary definitions and the words connected to them.`,
  (l) => `Here is what the dictionary says about ${l}, from what the words mean to how their definitions connect.`,
];

const MODIFIER: Template[] = [
  (mod, phrase, def) => `In the phrase "${phrase}", "${mod}" means ${def}.`,
  (mod, phrase, def) => `The "${mod}" in ${phrase} stands for ${def}.`,
];

const NOUN_DEFINITION: Template[] = [
  (subject, def) => `${cap(subject)} is ${def}.`,
  (subject, def) => `In its most common sense, ${subject} is ${def}.`,
  (_subject, def, word) => `The word "${word}" usually refers to ${def}.`,
  (subject, def) => `Put simply, ${subject} is ${def}.`,
];

/** A sense the prompt's other words point to (not the word's usual one). */
const NOUN_DEFINITION_HERE: Template[] = [
  (subject, def) => `${cap(subject)} is ${def}.`,
  (subject, def) => `In the sense that fits here, ${subject} is ${def}.`,
];
const WORD_DEFINITION_HERE: Template[] = [(w, def) => `Here, "${w}" means ${def}.`, (w, def) => `In the sense that fits here, "${w}" means ${def}.`];
const VERB_DEFINITION_HERE: Template[] = [(verb, def) => `To ${verb} is to ${def}.`, (verb, def) => `In the sense that fits here, to ${verb} means to ${def}.`];

/** A word with several common senses and nothing in the prompt to choose between them. */
const SENSES: Template[] = [(w, l) => `The word "${w}" has more than one sense: it can mean ${l}.`, (w, l) => `In the dictionary, "${w}" can mean ${l}.`];
const VERB_SENSES: Template[] = [
  (w, l) => `The verb "${w}" has more than one sense: it can mean ${l}.`,
  (w, l) => `In the dictionary, the verb "${w}" can mean ${l}.`,
];
const WORD_DEFINITION_SOME: Template[] = [(w, def) => `One sense of the word "${w}" is ${def}.`];
const VERB_DEFINITION_SOME: Template[] = [(w, def) => `One sense of the verb "${w}" is to ${def}.`];

const WORD_DEFINITION: Template[] = [(w, def) => `The word "${w}" usually refers to ${def}.`, (w, def) => `In its most common sense, "${w}" means ${def}.`];

const PROPER_DEFINITION: Template[] = [(subject, def) => `${cap(subject)} is ${def}.`, (subject, def) => `To begin with the basics, ${subject} is ${def}.`];

const VERB_DEFINITION: Template[] = [
  (verb, def) => `To ${verb} is to ${def}.`,
  (verb, def) => `In its usual sense, to ${verb} means to ${def}.`,
  (verb, def) => `The verb "${verb}" means to ${def}.`,
];

const SYNONYMS: Template[] = [
  (w, l) => `${cap(w)} is also known as ${l}.`,
  (w, l) => `Other names for ${w} include ${l}.`,
  (w, l) => `${cap(w)} goes by other names as well, such as ${l}.`,
];
const ONE_SYNONYM: Template[] = [(w, l) => `Another word for ${w} is ${l}.`, (w, l) => `${cap(w)} is also called ${l}.`];
const VERB_SYNONYMS: Template[] = [(w, l) => `Other ways to say "${w}" include ${l}.`, (w, l) => `Instead of "${w}", a writer can also say ${l}.`];

/** WordNet's examples may use any word of the sense ("consequences" for "effect"), so only some name the word. */
const EXAMPLE: Template[] = [
  (example) => `A typical use of this sense: "${example}".`,
  (example) => `An example of this sense in use is "${example}".`,
  (example) => `Used in a sentence, this meaning looks like "${example}".`,
];
const EXAMPLE_WITH_WORD: Template[] = [
  (example) => `A typical use of the word: "${example}".`,
  (example, w) => `In everyday use, "${w}" appears in sentences such as "${example}".`,
  (example) => `An example of the word in use is "${example}".`,
];

const RELATED: Template[] = [
  (l) => `Closely related terms include ${l}.`,
  (l, w) => `Anyone reading about ${w} will also meet terms such as ${l}.`,
  (l, w) => `Terms linked to ${w} include ${l}.`,
  (l) => `Related ideas include ${l}.`,
];
const PROPER_RELATED: Template[] = [(l, w) => `Names closely tied to ${w} include ${l}.`, (l, w) => `Places and things associated with ${w} include ${l}.`];

const RELATED_DEFINITION: Template[] = [
  (r, def) => `${cap(r)}, a related term, refers to ${def}.`,
  (r, def) => `One related notion is ${r}, which is ${def}.`,
  (r, def) => `Take ${r}: it is ${def}.`,
];
const RELATED_VERB_DEFINITION: Template[] = [
  (r, def) => `To ${r}, a related verb, means to ${def}.`,
  (r, def) => `A related verb is "${r}", which means to ${def}.`,
];

const OTHER_SENSE: Template[] = [
  (w, def) => `The word "${w}" has other senses too; it can also mean ${def}.`,
  (w, def) => `In a different sense, "${w}" refers to ${def}.`,
  (w, def) => `Outside this topic, "${w}" can also mean ${def}.`,
];

const DEFINED_THROUGH: Template[] = [(a, b) => `The dictionary's definition of ${a} mentions ${b}.`, (a, b) => `${cap(a)} is defined with reference to ${b}.`];

const CLOSING_ONE: Template[] = [
  (l) => `That is what the built-in dictionary records about ${l}.`,
  (l) => `Those are the basics of ${l} as the dictionary gives them.`,
  (l) => `With these definitions in place, ${l} should be easier to read about.`,
];
const CLOSING: Template[] = [
  (l) => `That is what the built-in dictionary records about ${l}.`,
  (l) => `Those are the basics of ${l} as the dictionary gives them.`,
  (l) => `With these definitions in place, ${l} should be easier to read about.`,
];

// ---------------------------------------------------------------- helpers

const SMALL_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'in', 'on', 'at', 'to', 'for', 'with', 'by', 'from']);

function makeTitle(terms: readonly KeyTerm[], prompt: string, random: Random): string {
  const nouns = terms.filter((t) => t.pos === 'noun').map((t) => t.phrase);
  const names = nouns.length > 0 ? nouns : terms.map(mention);
  const [a, b, c] = names;
  if (!a)
    return (
      titleCase(
        prompt
          .trim()
          .split(/\s+/)
          .slice(0, 8)
          .join(' ')
          .replace(/[.!?]+$/, ''),
      ) || 'Notes'
    );
  const options = b
    ? c
      ? [`${a}, ${b} and ${c}`, `${a}, ${b} and ${c}: An Overview`, `Understanding ${a}, ${b} and ${c}`]
      : [`${a} and ${b}: An Overview`, `Understanding ${a} and ${b}`, `${a} and ${b}: What They Are and How They Connect`]
    : [`${a}: An Overview`, `Understanding ${a}`, `A Short Guide to ${a}`];
  return titleCase(random.pick(options));
}

function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i, words) =>
      i > 0 && SMALL_WORDS.has(word.toLowerCase()) && !words[i - 1]!.endsWith(':') ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}

/** How a term is mentioned in running text: the prompt's phrase, verbs as "-ing" forms. */
function mention(term: KeyTerm): string {
  return term.pos === 'verb' ? verbForm(term.lemma, 'gerund') : term.phrase;
}

/** "a resident" for countable nouns, "coffee" for mass nouns and names. */
function nounSubject(term: KeyTerm): string {
  if (term.proper || !term.countable || term.pos !== 'noun') return term.lemma;
  return `${articleFor(term.lemma)} ${term.lemma}`;
}

function name(synset: Synset): string {
  return synset.lemmas[0] ?? '';
}

function definitionOf(synset: Synset): string | undefined {
  return cleanGloss(synset.gloss)?.text;
}

/** A gloss that opens with a determiner or pronoun ("a beverage…", "someone who…") reads after "X is". */
const DETERMINED =
  /^(?:a|an|the|any|one|some|someone|something|somebody|each|every|either|no|this|that|these|those|all|anything|anyone|everything|his|her|its|their|two|three|several|many|much|more|most|various)\b/i;

/** Verb glosses are bare infinitives ("move fast"); a leading "to" is dropped so templates can add their own. */
function toInfinitive(gloss: string): string {
  return gloss.replace(/^to\s+/i, '');
}

function mentions(text: string | undefined, word: string): boolean {
  if (!text) return false;
  return new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?\\b`, 'i').test(text);
}

/** Definitions as alternatives: "A, or B"; "A; B; or C" (definitions have commas and "or"s of their own). */
function alternatives(items: readonly string[]): string {
  if (items.length <= 2) return items.join(', or ');
  return `${items.slice(0, -1).join('; ')}; or ${items[items.length - 1]}`;
}

function list(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
