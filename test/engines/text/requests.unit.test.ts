import { beforeAll, describe, expect, it } from 'vitest';
import { countTokens, createLocalTextProvider, type LocalTextProvider, type TextMode, type TextTone } from '../../../src/engines/text';
import { PROSE } from './samples';

let provider: LocalTextProvider;

beforeAll(async () => {
  provider = createLocalTextProvider();
  await provider.warmUp();
});

const WRITE_PROMPTS = [
  'Write an article about the history of coffee and its effect on health',
  'Write a blog post about urban gardening for city residents',
  'Explain how volcanoes form and why they erupt',
  'An essay on the ocean, whales and climate',
  'Describe the role of bees in farming and food production',
  'Write about trains, bridges and railway stations',
  'A short guide to music, rhythm and dance',
  'Write about libraries, books and reading habits',
];
const TONES: TextTone[] = ['formal', 'casual', 'academic'];

/** About 500 tokens of prose, different for each i (paragraph order rotated). */
function proseInput(i: number): string {
  const rotated = [...PROSE.slice(i % PROSE.length), ...PROSE.slice(0, i % PROSE.length)];
  let text = rotated.join('\n\n');
  text += `\n\n${rotated[0]}`;
  return text;
}

/** Speed is measured by `npm run bench` (text scenario); this checks what the bench's requests return. */
describe('local text provider on distinct requests after warm-up', () => {
  it('answers every mode within the token budget and reports the tokens it wrote', async () => {
    for (const mode of ['write', 'rewrite', 'paraphrase'] as TextMode[]) {
      for (let i = 0; i < 24; i++) {
        const prompt = mode === 'write' ? WRITE_PROMPTS[i % WRITE_PROMPTS.length]! : proseInput(i);
        const result = await provider.generate({ prompt, mode, tone: TONES[i % TONES.length]!, language: 'en', maxTokens: 500 });
        expect(result.outputTokens).toBe(countTokens(result.text));
        expect(result.outputTokens).toBeGreaterThan(0);
        expect(result.outputTokens).toBeLessThanOrEqual(500);
      }
    }
  });
});
