/**
 * What WordNet knows about a key term, gathered once and shaped for writing: a cleaned definition,
 * synonyms, the chain of broader categories (stopping before the uninformative top of the hierarchy),
 * usage examples, related terms and the word's other senses.
 */
import type { Lexicon, Synset } from '../lexicon/types';
import type { KeyTerm } from './key-terms';
import { dominantSense } from './senses';

export interface Knowledge {
  term: KeyTerm;
  definition: Definition | undefined;
  synonyms: string[];
  /** Broader categories, nearest first. */
  hypernyms: Synset[];
  examples: string[];
  related: Synset[];
  /** Other senses of the same word, each with a distinct definition. */
  otherSenses: Synset[];
  /** Definitions of the phrase's modifiers ("urban" in "urban gardening"). */
  modifiers: Array<{ word: string; definition: Definition }>;
}

export interface Definition {
  /** The gloss up to its first `;`, without a leading "(domain)". */
  text: string;
  /** The domain label WordNet put in front ("botany" from "(botany) ..."), if any. */
  domain: string | undefined;
}

/**
 * Categories so general that calling something "a kind of entity" tells the reader nothing; the chain
 * of broader terms stops before them and shared categories among them do not count as a connection.
 */
const TOO_GENERAL = new Set([
  'entity',
  'physical entity',
  'abstraction',
  'abstract entity',
  'object',
  'physical object',
  'whole',
  'unit',
  'thing',
  'matter',
  'psychological feature',
  'attribute',
  'relation',
  'measure',
  'quantity',
  'group',
  'grouping',
  'act',
  'deed',
  'human action',
  'human activity',
  'event',
  'cognition',
  'knowledge',
  'communication',
  'state',
  'causal agent',
  'cause',
  'living thing',
  'instrumentality',
  'content',
  'cognitive content',
  'mental object',
  'part',
  'portion',
  'physical process',
  'property',
  'collection',
  'aggregation',
  'assemblage',
  'animate thing',
]);

export function isTooGeneral(synset: Synset): boolean {
  return synset.lemmas.some((l) => TOO_GENERAL.has(l.toLowerCase()));
}

export function gatherKnowledge(term: KeyTerm, lexicon: Lexicon): Knowledge {
  const sense = term.sense;
  const lemmaLower = term.lemma.toLowerCase();
  // A modifier is explained only when its sense is settled ("urban"), not guessed.
  const modifiers = term.modifiers.flatMap(({ word, pos }) => {
    const other = pos === 'adj' ? 'noun' : 'adj';
    const s = lexicon.synsets(word, pos).length > 0 ? dominantSense(word, pos, lexicon) : dominantSense(word, other, lexicon);
    const definition = s ? cleanGloss(s.gloss) : undefined;
    return definition ? [{ word, definition }] : [];
  });
  if (!sense) return { term, definition: undefined, synonyms: [], hypernyms: [], examples: [], related: [], otherSenses: [], modifiers };

  const hypernyms: Synset[] = [];
  let current: Synset | undefined = sense;
  while (current && hypernyms.length < 4) {
    const next: Synset | undefined = current.hypernyms.map((id) => lexicon.synset(id)).find((s): s is Synset => s !== undefined);
    if (!next || isTooGeneral(next)) break;
    hypernyms.push(next);
    current = next;
  }

  const seenGlosses = new Set([sense.gloss]);
  const otherSenses = term.senses.filter((s) => {
    const definition = cleanGloss(s.gloss);
    if (s.id === sense.id || seenGlosses.has(s.gloss) || !definition || !isDefinition(definition.text)) return false;
    seenGlosses.add(s.gloss);
    return true;
  });

  return {
    term,
    definition: cleanGloss(sense.gloss),
    synonyms: sense.lemmas.filter((l) => l.toLowerCase() !== lemmaLower && !l.toLowerCase().includes(lemmaLower)).slice(0, 3),
    hypernyms,
    examples: sense.examples.filter((e) => e.length >= 12 && e.length <= 140),
    related: sense.related
      .map((id) => lexicon.synset(id))
      .filter((s): s is Synset => s !== undefined && s.lemmas[0]!.toLowerCase() !== lemmaLower)
      .filter((s, i, all) => all.findIndex((o) => o.lemmas[0] === s.lemmas[0]) === i)
      .slice(0, 12),
    otherSenses: otherSenses.slice(0, 3),
    modifiers,
  };
}

/** Glosses that describe how a word is used rather than what it means ("sometimes placed in subfamily …"). */
const NOT_A_DEFINITION =
  /^(?:sometimes|often|usually|formerly|used|especially|typically|originally|now|also|placed|considered|found|in some|a genus|genus|type genus)\b/i;

export function isDefinition(text: string): boolean {
  return !NOT_A_DEFINITION.test(text);
}

export function cleanGloss(gloss: string): Definition | undefined {
  // Up to the first ";" and before a ": examples" tail ("feline mammal …: domestic cats").
  let text = gloss.split(';')[0]?.split(/:\s/)[0]?.trim() ?? '';
  let domain: string | undefined;
  const labelled = /^\(([^)]+)\)\s*(.*)$/.exec(text);
  if (labelled) {
    domain = labelled[1];
    text = labelled[2] ?? '';
  }
  text = text.replace(/\s+/g, ' ').replace(/[\s,:]+$/, '');
  return text.length >= 3 && isDefinition(text) ? { text, domain } : undefined;
}
