import { beforeAll, describe, expect, it } from 'vitest';
import { loadLexicon } from '../../../src/engines/lexicon';
import type { Lexicon } from '../../../src/engines/lexicon/types';
import { extractKeyTerms } from '../../../src/engines/text/key-terms';
import { generateLocalText } from '../../../src/engines/text/local-provider';

let lexicon: Lexicon;
beforeAll(async () => {
  lexicon = await loadLexicon();
});

/**
 * A chat's request ("Write two sentences about tea gardens.", as /v1/chat/completions hands the built-in engine)
 * names its length in sentences or lines: those are instructions, never the subject (the engine once defined
 * "sentence" as a criminal judgment before it reached the tea gardens).
 */
describe('the length a request asks for is not its subject', () => {
  it.each([
    ['Write two sentences about tea gardens.', 'garden'],
    ['Tell me about lighthouses in one sentence.', 'lighthouse'],
    ['Write a few lines on volcanoes.', 'volcano'],
  ])('%s', (prompt, subject) => {
    const lemmas = extractKeyTerms(prompt, lexicon).map((t) => t.lemma);
    expect(lemmas.some((l) => l.includes(subject))).toBe(true);
    expect(lemmas).not.toContain('sentence');
    expect(lemmas).not.toContain('line');
    const text = generateLocalText({ prompt, mode: 'write', tone: 'formal', language: 'en', maxTokens: 80 }, lexicon);
    expect(text.toLowerCase()).not.toContain('sentence');
    expect(text.toLowerCase()).toContain(subject);
  });
});
