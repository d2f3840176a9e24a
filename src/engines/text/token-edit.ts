/**
 * Small helpers for moving parts of a sentence around as token lists: building tokens, fixing the
 * capital at the new sentence start, and telling where a sentence's end punctuation is.
 */
import type { PartOfSpeech } from 'wink-nlp';
import type { Sentence, Token } from './nlp';

export function makeToken(text: string, pos: PartOfSpeech = 'X', pre?: string): Token {
  const punctuation = /^[^\p{L}\p{N}]+$/u.test(text);
  return {
    text,
    pre: pre ?? (punctuation ? '' : ' '),
    pos,
    lemma: text.toLowerCase(),
    kind: punctuation ? 'punctuation' : 'word',
    entity: undefined,
    stop: true,
    quoted: false,
  };
}

/** Tokens for a fixed phrase such as a connector; they count as stop words so no later pass rewrites them. */
export function phraseTokens(phrase: string, pos: PartOfSpeech = 'ADV'): Token[] {
  return phrase.split(' ').map((word) => makeToken(word, pos));
}

/** Names, `I` and acronyms keep their capital wherever they stand. */
export function isProperCased(token: Token): boolean {
  return token.pos === 'PROPN' || token.text === 'I' || /^I['’]/.test(token.text) || /^[A-Z][A-Z0-9.]+$/.test(token.text);
}

export function capitalise(token: Token): Token {
  return { ...token, text: token.text.charAt(0).toUpperCase() + token.text.slice(1) };
}

export function lowerUnlessProper(token: Token): Token {
  if (isProperCased(token)) return token;
  return { ...token, text: token.text.charAt(0).toLowerCase() + token.text.slice(1) };
}

/** Joins segments into one sentence: the first token starts it (capitalised), every segment start gets a space. */
export function assemble(segments: readonly (readonly Token[])[]): Sentence {
  const out: Token[] = [];
  for (const segment of segments) {
    segment.forEach((token, i) => {
      const copy = { ...token };
      if (i === 0 && !/^[,.;:!?)]/.test(copy.text)) copy.pre = ' ';
      out.push(copy);
    });
  }
  if (out.length > 0) out[0] = { ...capitalise(out[0]!), pre: '' };
  return out;
}

/** Index of the sentence's final punctuation run (`.`, `!`, `?`, closing quotes), or the length when there is none. */
export function bodyEnd(tokens: readonly Token[]): number {
  let end = tokens.length;
  while (end > 0 && tokens[end - 1]!.pos === 'PUNCT' && /^[.!?…"”'’)]+$/.test(tokens[end - 1]!.text)) end--;
  return end;
}

export function isTopLevelComma(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  if (token?.text !== ',' || token.quoted) return false;
  let depth = 0;
  for (let i = 0; i < index; i++) {
    if (tokens[i]!.text === '(') depth++;
    else if (tokens[i]!.text === ')') depth--;
  }
  return depth === 0;
}

export function hasVerb(tokens: readonly Token[]): boolean {
  return tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
}

export function wordCount(tokens: readonly Token[]): number {
  return tokens.filter((t) => t.kind !== 'punctuation').length;
}
