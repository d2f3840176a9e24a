import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalTextProvider, type LocalTextProvider, type TextTone } from '../../../src/engines/text';
import { namesOf, numbersOf, sentencesOf } from './helpers';
import { NAMES_AND_NUMBERS, PROSE } from './samples';

let provider: LocalTextProvider;

beforeAll(async () => {
  provider = createLocalTextProvider();
  await provider.warmUp();
});

/** Sentences of several shapes: long ones the casual tone would otherwise split, semicolons, quotes, questions, contractible phrases. */
const POOL: readonly string[] = [
  ...[...PROSE, NAMES_AND_NUMBERS].flatMap((text) => sentencesOf(text)),
  'The wind tore at the sails of the larger ships all through the night, and the old fisherman watched the harbour from his window.',
  'It is clear that we cannot wait; the plan will not fail, and the board has approved it.',
  'The critic wrote that the "large windows and quiet rooms" made a big difference to visitors.',
  'Did the council approve the budget for 2024?',
  'However, the committee did not publish its findings until 9 October 2023.',
  'Therefore, the engineers replaced 120 valves in the plant near Glasgow.',
  'They are sure that it is ready, but we have not seen it work yet.',
].map((s) => s.trim());

const inputs = fc
  .array(fc.constantFrom(...POOL), { minLength: 1, maxLength: 6 })
  .chain((sentences) =>
    fc
      .array(fc.boolean(), { minLength: sentences.length, maxLength: sentences.length })
      .map((breaks) => sentences.map((s, i) => (i === 0 ? s : `${breaks[i] ? '\n\n' : ' '}${s}`)).join('')),
  );

describe('paraphrase keeps its sentences one for one, in every tone', () => {
  it('the same number of sentences, each keeping its own names and numbers, and no sentence the input did not have', async () => {
    await fc.assert(
      fc.asyncProperty(inputs, fc.constantFrom<TextTone>('casual', 'formal', 'academic'), async (prompt, tone) => {
        const { text } = await provider.generate({ prompt, mode: 'paraphrase', tone, language: 'en', maxTokens: 8192 });
        const before = sentencesOf(prompt);
        const after = sentencesOf(text);
        expect(after.length, `${tone}: ${prompt}\n→ ${text}`).toBe(before.length);
        before.forEach((sentence, i) => {
          for (const n of numbersOf(sentence)) expect(after[i], `${tone} sentence ${i}`).toContain(n);
          for (const name of namesOf(sentence)) expect(after[i], `${tone} sentence ${i}`).toContain(name);
        });
        // The casual tone's greetings and closing lines speak to the reader; the input never does.
        if (!/\b(?:you|one)\b/i.test(prompt)) expect(text, `${tone}: ${text}`).not.toMatch(/\byou(?:['’]\w+)?\b/i);
        expect(text.split(/\n\n/).length).toBe(prompt.split(/\n\n/).length);
      }),
      { numRuns: 60, seed: 17 },
    );
  });
});
