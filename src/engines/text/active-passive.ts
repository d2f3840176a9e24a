/**
 * Active ↔ passive for the plainest sentences only: `Subject verb Object [phrase].` with a simple past or
 * present verb, and `Subject was/were/is/are participle by Agent [phrase].`. Anything with auxiliaries,
 * negation, two objects, complements or idioms ("took place") is left alone: the rewrite has other ways
 * to vary a sentence, and a wrong voice change alters who did what.
 */
import type { Sentence, Token } from './nlp';
import { verbForm, verbFormsOf } from './inflect';
import { assemble, bodyEnd, lowerUnlessProper, makeToken } from './token-edit';
import { DETERMINERS, POSSESSIVES, QUANTIFIERS } from './determiners';

const SUBJECT_TO_OBJECT: Record<string, string> = { i: 'me', he: 'him', she: 'her', we: 'us', they: 'them', it: 'it', you: 'you' };
const OBJECT_TO_SUBJECT: Record<string, string> = { me: 'I', him: 'he', her: 'she', us: 'we', them: 'they', it: 'it', you: 'you' };
const PLURAL_PRONOUNS = new Set(['we', 'they', 'you', 'us', 'them']);

/** Verbs that take no real object or read badly in the passive (linking, measure, possession, perception of state). */
const NO_PASSIVE = new Set([
  'be',
  'have',
  'become',
  'seem',
  'remain',
  'appear',
  'get',
  'go',
  'come',
  'feel',
  'look',
  'sound',
  'cost',
  'weigh',
  'last',
  'lack',
  'resemble',
  'fit',
  'suit',
  'mean',
  'equal',
  'contain',
  'include',
  'involve',
  'let',
  'make',
  'want',
  'need',
  'like',
  'become',
  'turn',
  'grow',
  'keep',
  'stay',
  'hold',
  'reach',
  'enter',
  'leave',
  'join',
  'marry',
  'face',
  'take',
  'do',
  'say',
  'tell',
  'ask',
  'know',
  'think',
  'hope',
  'try',
  'start',
  'begin',
  'stop',
  'help',
]);

/** What a moved subject or object may open with. */
const PHRASE_DETERMINERS = new Set([...DETERMINERS, ...QUANTIFIERS]);
const PHRASE_ENDERS = new Set(['ADP', 'SCONJ', 'PUNCT']);

interface NounPhrase {
  start: number;
  end: number;
  plural: boolean;
  /** Lower-cased pronoun when the phrase is one. */
  pronoun?: string;
  /** A bare singular common noun ("took place", "made sense"): usually part of an idiom. */
  bare: boolean;
}

export function switchVoice(sentence: Sentence): Sentence | undefined {
  if (sentence.some((t) => t.quoted) || sentence[sentence.length - 1]?.text === '?') return undefined;
  return passiveToActive(sentence) ?? activeToPassive(sentence);
}

function activeToPassive(tokens: Sentence): Sentence | undefined {
  const end = bodyEnd(tokens);
  const subject = nounPhrase(tokens, 0, 'subject');
  if (!subject) return undefined;
  let v = subject.end;
  const adverb = tokens[v]?.pos === 'ADV' && !/^(not|never)$/i.test(tokens[v]!.text) ? [tokens[v]!] : [];
  v += adverb.length;
  const verb = tokens[v];
  if (verb?.pos !== 'VERB' || NO_PASSIVE.has(verb.lemma)) return undefined;
  const forms = verbFormsOf(verb.text.toLowerCase(), verb.lemma);
  const past = forms.includes('past');
  const present = forms.includes('third') || (forms.includes('base') && subject.plural);
  if (!past && !present) return undefined;

  const object = nounPhrase(tokens, v + 1, 'object');
  if (!object || object.bare) return undefined;
  let objectEnd = object.end;
  // "the budget of the city": the object runs on through an of-phrase.
  if (tokens[objectEnd]?.text.toLowerCase() === 'of') {
    const more = nounPhrase(tokens, objectEnd + 1, 'object');
    if (!more || more.pronoun) return undefined;
    objectEnd = more.end;
  }
  const next = tokens[objectEnd];
  if (objectEnd < end && (!next || !(PHRASE_ENDERS.has(next.pos) || startsTimeExpression(tokens, objectEnd)) || next.text === 'of' || next.text === "'s"))
    return undefined;
  const rest = tokens.slice(objectEnd, end);
  if (rest.some((t) => t.pos === 'VERB' || t.pos === 'AUX' || t.text.toLowerCase() === 'by')) return undefined;

  const plural = object.plural;
  const first = object.pronoun === 'me';
  const be = past ? (plural ? 'were' : 'was') : first ? 'am' : plural ? 'are' : 'is';
  const objectTokens = asSubject(tokens.slice(object.start, objectEnd), object);
  const agent = asObject(tokens.slice(subject.start, subject.end), subject);
  return assemble([
    objectTokens,
    [makeToken(be, 'AUX')],
    adverb,
    [{ ...makeToken(verbForm(verb.lemma, 'participle'), 'VERB'), lemma: verb.lemma, stop: false }],
    [makeToken('by', 'ADP')],
    agent,
    rest,
    tokens.slice(end),
  ]);
}

function passiveToActive(tokens: Sentence): Sentence | undefined {
  const end = bodyEnd(tokens);
  const patient = nounPhrase(tokens, 0, 'subject');
  if (!patient) return undefined;
  const be = tokens[patient.end];
  const tense = be && /^(was|were)$/i.test(be.text) ? 'past' : be && /^(is|are)$/i.test(be.text) ? 'present' : undefined;
  if (!tense) return undefined;
  let v = patient.end + 1;
  const adverb = tokens[v]?.pos === 'ADV' && !/^(not|never)$/i.test(tokens[v]!.text) ? [tokens[v]!] : [];
  v += adverb.length;
  const verb = tokens[v];
  if (verb?.pos !== 'VERB' || NO_PASSIVE.has(verb.lemma)) return undefined;
  if (!verbFormsOf(verb.text.toLowerCase(), verb.lemma).includes('participle')) return undefined;
  if (tokens[v + 1]?.text.toLowerCase() !== 'by') return undefined;
  const agent = nounPhrase(tokens, v + 2, 'object');
  if (!agent) return undefined;
  const next = tokens[agent.end];
  if (agent.end < end && (!next || !PHRASE_ENDERS.has(next.pos) || next.text === ',' || next.text === 'of')) return undefined;
  const rest = tokens.slice(agent.end, end);
  if (rest.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return undefined;

  const thirdPerson = !agent.plural && agent.pronoun !== 'me';
  const form = tense === 'past' ? 'past' : thirdPerson ? 'third' : 'base';
  return assemble([
    asSubject(tokens.slice(agent.start, agent.end), agent),
    adverb,
    [{ ...makeToken(verbForm(verb.lemma, form), 'VERB'), lemma: verb.lemma, stop: false }],
    asObject(tokens.slice(patient.start, patient.end), patient),
    rest,
    tokens.slice(end),
  ]);
}

/**
 * A simple noun phrase at `start`: a personal pronoun in the right case, or
 * [determiner | name's] (adjective | number | noun | name)* ending in a noun or a name.
 */
function nounPhrase(tokens: Sentence, start: number, role: 'subject' | 'object'): NounPhrase | undefined {
  const first = tokens[start];
  if (!first) return undefined;
  const lower = first.text.toLowerCase();
  const pronouns = role === 'subject' ? SUBJECT_TO_OBJECT : OBJECT_TO_SUBJECT;
  const next = tokens[start + 1];
  const possessive = POSSESSIVES.has(lower) && next !== undefined && ['ADJ', 'NOUN', 'NUM', 'PROPN'].includes(next.pos);
  if (first.pos === 'PRON' && !possessive) {
    if (!(lower in pronouns) || (role === 'subject' && lower === 'it')) return undefined;
    return { start, end: start + 1, plural: PLURAL_PRONOUNS.has(lower), pronoun: lower, bare: false };
  }
  let i = start;
  let determined = false;
  if (possessive || first.pos === 'DET' || PHRASE_DETERMINERS.has(lower)) {
    if (!PHRASE_DETERMINERS.has(lower)) return undefined;
    determined = true;
    i++;
  } else if ((first.pos === 'PROPN' || first.pos === 'NOUN') && tokens[start + 1]?.text === "'s") {
    determined = true;
    i += 2;
  }
  // (adjective | number)* then (noun | name)+: an adjective after the noun starts something else ("orders last quarter").
  let head: Token | undefined;
  while (i < tokens.length && i - start < 6) {
    const t = tokens[i]!;
    if (t.quoted || !['ADJ', 'NUM', 'NOUN', 'PROPN'].includes(t.pos)) break;
    if ((t.pos === 'ADJ' || t.pos === 'NUM') && head) break;
    if (t.pos === 'NOUN' || t.pos === 'PROPN') head = t;
    i++;
  }
  if (!head || tokens[i - 1] !== head) return undefined;
  // "240 staff", "12 sheep": a count above one makes the phrase plural whatever the noun's form.
  const counted = tokens.slice(start, i).some((t) => t.pos === 'NUM' && !/^(?:1|one|a)$/i.test(t.text));
  const plural = head.pos === 'NOUN' && (head.text.toLowerCase() !== head.lemma || counted);
  const bare = !determined && head.pos === 'NOUN' && !plural && !tokens.slice(start, i).some((t) => t.pos === 'PROPN' || t.pos === 'NUM');
  return { start, end: i, plural, bare };
}

/** "last quarter", "next spring", "this year", or a date: an adverbial that can follow the verb phrase. */
function startsTimeExpression(tokens: Sentence, index: number): boolean {
  const t = tokens[index];
  if (!t) return false;
  if (t.entity === 'DATE' || t.entity === 'TIME') return true;
  return /^(last|next|this|every|each)$/i.test(t.text) && tokens[index + 1]?.pos === 'NOUN';
}

function asSubject(phrase: readonly Token[], np: NounPhrase): Token[] {
  if (np.pronoun) return [{ ...phrase[0]!, text: OBJECT_TO_SUBJECT[np.pronoun] ?? phrase[0]!.text }];
  return [...phrase];
}

function asObject(phrase: readonly Token[], np: NounPhrase): Token[] {
  if (np.pronoun) return [{ ...phrase[0]!, text: SUBJECT_TO_OBJECT[np.pronoun] ?? phrase[0]!.text }];
  return [lowerUnlessProper(phrase[0]!), ...phrase.slice(1)];
}
