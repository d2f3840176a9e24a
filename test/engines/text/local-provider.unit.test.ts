import { beforeAll, describe, expect, it } from 'vitest';
import { loadLexicon } from '../../../src/engines/lexicon';
import type { Lexicon } from '../../../src/engines/lexicon/types';
import {
  countTokens,
  createLocalTextProvider,
  createTextProvider,
  supportsLanguage,
  TextProviderError,
  type LocalTextProvider,
  type TextMode,
  type TextRequest,
  type TextTone,
} from '../../../src/engines/text';
import { CONTRACTION, HEDGE_OR_CONNECTOR, namesOf, numbersOf, sentencesOf } from './helpers';
import { NAMES_AND_NUMBERS, PROSE } from './samples';

let provider: LocalTextProvider;
let lexicon: Lexicon;

beforeAll(async () => {
  provider = createLocalTextProvider();
  await provider.warmUp();
  lexicon = await loadLexicon();
});

const WRITE_PROMPT = 'Write an article about the history of coffee and its effect on health';
const MODES: TextMode[] = ['write', 'rewrite', 'paraphrase'];
const TONES: TextTone[] = ['formal', 'casual', 'academic'];

function request(over: Partial<TextRequest>): TextRequest {
  return { prompt: WRITE_PROMPT, mode: 'write', tone: 'formal', language: 'en', maxTokens: 500, ...over };
}

function promptFor(mode: TextMode): string {
  return mode === 'write' ? WRITE_PROMPT : PROSE.join('\n\n');
}

async function failure(promise: Promise<unknown>): Promise<TextProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TextProviderError);
  return err as TextProviderError;
}

describe('local text provider: contract', () => {
  it('is the local English-only engine, also through createTextProvider', () => {
    expect(provider.name).toBe('local');
    expect(provider.languages).toEqual(['en']);
    expect(createTextProvider({ provider: 'local' }).languages).toEqual(['en']);
  });

  it('lets callers detect an unsupported language by primary subtag', () => {
    expect(supportsLanguage(provider.languages, 'en')).toBe(true);
    expect(supportsLanguage(provider.languages, 'en-GB')).toBe(true);
    expect(supportsLanguage(provider.languages, 'de')).toBe(false);
    expect(supportsLanguage(provider.languages, 'fr-CA')).toBe(false);
    expect(supportsLanguage('any', 'ja')).toBe(true);
  });

  it('refuses other languages and bad budgets permanently, naming what it supports', async () => {
    const german = await failure(provider.generate(request({ language: 'de' })));
    expect(german.permanent).toBe(true);
    expect(german.message).toMatch(/\ben\b/);
    expect(german.message).toContain('"de"');
    for (const maxTokens of [0, 8193, 1.5]) expect((await failure(provider.generate(request({ maxTokens })))).permanent).toBe(true);
    expect((await failure(provider.generate(request({ prompt: '   ' })))).permanent).toBe(true);
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client went away'));
    await expect(provider.generate(request({}), controller.signal)).rejects.toThrow('client went away');
  });

  it('counts prompt and output tokens with o200k and never exceeds maxTokens, exactly', async () => {
    for (const mode of MODES) {
      for (const tone of TONES) {
        for (const maxTokens of [1, 5, 50, 500]) {
          const prompt = promptFor(mode);
          const result = await provider.generate(request({ mode, tone, maxTokens, prompt }));
          expect(result.text.length, `${mode}/${tone}/${maxTokens}`).toBeGreaterThan(0);
          expect(result.outputTokens, `${mode}/${tone}/${maxTokens}`).toBeLessThanOrEqual(maxTokens);
          expect(result.outputTokens).toBe(countTokens(result.text));
          expect(result.promptTokens).toBe(countTokens(prompt));
        }
      }
    }
  });

  it('is deterministic for a given request and varies with the prompt', async () => {
    for (const mode of MODES) {
      const a = await provider.generate(request({ mode, prompt: promptFor(mode) }));
      const b = await provider.generate(request({ mode, prompt: promptFor(mode) }));
      expect(b.text).toBe(a.text);
    }
    const coffee = await provider.generate(request({}));
    const tea = await provider.generate(request({ prompt: 'Write an article about the history of tea and its effect on health' }));
    expect(tea.text).not.toBe(coffee.text);
  });
});

describe('local text provider: write', () => {
  const PROMPTS = [
    WRITE_PROMPT,
    'Write a blog post about urban gardening for city residents',
    'Explain how volcanoes form and why they erupt',
    'An essay on the ocean, whales and climate',
    'Describe Paris',
  ];

  it('writes a title line, then paragraphs, with no sentence repeated, when it knows enough for a piece', async () => {
    for (const prompt of PROMPTS) {
      for (const tone of TONES) {
        const { text } = await provider.generate(request({ prompt, tone, maxTokens: 8192 }));
        const sentences = sentencesOf(text, false).map((s) => s.toLowerCase());
        expect(new Set(sentences).size, `${prompt}/${tone}`).toBe(sentences.length);
        // Three terms with several senses each ("ocean, whales and climate") give three sentences and no frame.
        if (prompt.includes('ocean')) {
          expect(text.split('\n')[0], prompt).toMatch(/[.!?]$/);
          continue;
        }
        const [title, blank, ...rest] = text.split('\n');
        expect(title, prompt).toMatch(/^[A-Z]/);
        expect(title!.split(/\s+/).length).toBeLessThanOrEqual(12);
        expect(title).not.toMatch(/[.!?]$/);
        expect(blank).toBe('');
        const paragraphs = rest.join('\n').split(/\n\n/).filter(Boolean);
        expect(paragraphs.length, prompt).toBeGreaterThanOrEqual(4);
      }
    }
  });

  it("mentions the prompt's key terms and says what WordNet knows about them", async () => {
    const { text } = await provider.generate(request({ maxTokens: 500 }));
    const lower = text.toLowerCase();
    for (const term of ['coffee', 'history', 'health']) expect(lower).toContain(term);
    // The gloss of coffee's main sense, its broader category and one of its synonyms.
    const coffee = lexicon.synsets('coffee', 'noun')[0]!;
    expect(text).toContain(coffee.gloss.split(';')[0]);
    expect(lower).toContain(lexicon.synset(coffee.hypernyms[0]!)!.lemmas[0]!);
    expect(lower).toContain('java');
    const health = lexicon.synsets('health', 'noun')[0]!;
    expect(text).toContain(health.gloss.split(';')[0]);
  });

  it('fills the budget while it has facts, and stops when it runs out', async () => {
    const filled = await provider.generate(request({ maxTokens: 500 }));
    expect(filled.outputTokens).toBeGreaterThan(350);
    const unbounded = await provider.generate(request({ maxTokens: 8192 }));
    expect(unbounded.outputTokens).toBeGreaterThanOrEqual(filled.outputTokens);
    expect(unbounded.outputTokens).toBeLessThan(1000);
  });

  it('varies its wording: no sentence template opens more than a few sentences', async () => {
    const { text } = await provider.generate(request({ maxTokens: 8192, prompt: 'Write about dogs, cats, horses and birds' }));
    const openings = new Map<string, number>();
    const sentences = sentencesOf(text, true);
    for (const s of sentences) {
      const opening = s.split(/\s+/).slice(0, 3).join(' ');
      openings.set(opening, (openings.get(opening) ?? 0) + 1);
    }
    expect(sentences.length).toBeGreaterThan(20);
    expect(Math.max(...openings.values())).toBeLessThanOrEqual(Math.ceil(sentences.length / 6));
  });

  it('says so in one sentence, with no title or filler in any tone, when the dictionary knows nothing of the subject', async () => {
    for (const prompt of ['Write about xqzvw', 'Kubernetes', 'the blorp of snazzwick', 'asdf qwer', '!!!']) {
      for (const tone of TONES) {
        const { text } = await provider.generate(request({ prompt, tone }));
        expect(text, `${prompt} (${tone})`).toBe(
          `The request, "${prompt}", names no subject that the built-in dictionary could look up, so there is nothing reliable to say about it here.`,
        );
      }
    }
    // Something known in the prompt is still written about, the unknown part named as such.
    const { text } = await provider.generate(request({ prompt: 'xqzvw and volcanoes' }));
    expect(text).toMatch(/Xqzvw is named in the request, but the built-in dictionary has no entry for it/);
    expect(text).toMatch(/"volcano" (?:can|has)|volcano is/i);
  });
});

describe('local text provider: rewrite', () => {
  it('keeps every name and number, and nearly every sentence differs from the input', async () => {
    let unchanged = 0;
    let total = 0;
    for (const prompt of [...PROSE, NAMES_AND_NUMBERS]) {
      const { text } = await provider.generate(request({ mode: 'rewrite', prompt, tone: 'formal' }));
      for (const n of numbersOf(prompt)) expect(text, prompt).toContain(n);
      for (const name of namesOf(prompt)) expect(text, prompt).toContain(name);
      for (const sentence of sentencesOf(prompt)) {
        total++;
        if (text.includes(sentence.replace(/[.!?]$/, ''))) unchanged++;
      }
    }
    expect(unchanged / total).toBeLessThanOrEqual(0.1);
  });

  it('keeps negations and dates', async () => {
    const prompt = 'She did not relax until she saw his face. The board never approved the budget. The museum opened on 14 March 2022.';
    const { text } = await provider.generate(request({ mode: 'rewrite', prompt, tone: 'formal' }));
    expect(text.match(/\b(?:not|never)\b/g)?.length).toBe(2);
    expect(text).toContain('14 March 2022');
  });

  it('restructures: clause order, voice, connectors', async () => {
    const prompt = [
      'Because the river flooded, the villagers moved to higher ground.',
      'The committee approved the budget in May.',
      'The report was written by the auditors.',
      'However, the results were mixed.',
    ].join(' ');
    const { text } = await provider.generate(request({ mode: 'rewrite', prompt, tone: 'formal' }));
    expect(text).toMatch(/moved to higher ground because the river flooded/);
    expect(text).toMatch(/budget was \w+ by the committee in May/);
    expect(text).toMatch(/The \w+ wrote the report/);
    expect(text).toMatch(/Nevertheless, the \w+ were mixed/);
  });
});

describe('local text provider: paraphrase', () => {
  it('keeps names and numbers and changes the wording of ordinary prose', async () => {
    for (const prompt of PROSE) {
      const { text } = await provider.generate(request({ mode: 'paraphrase', prompt, tone: 'formal' }));
      for (const n of numbersOf(prompt)) expect(text, prompt).toContain(n);
      for (const name of namesOf(prompt)) expect(text, prompt).toContain(name);
      expect(text).not.toBe(prompt);
    }
  });

  it('leaves quoted words alone', async () => {
    const prompt = 'The critic wrote that the "large windows and quiet rooms" made a big difference to visitors.';
    const { text } = await provider.generate(request({ mode: 'paraphrase', prompt, tone: 'formal' }));
    expect(text).toContain('"large windows and quiet rooms"');
  });
});

describe('local text provider: tone', () => {
  it('casual: contractions, and the reader addressed as "you" in write and rewrite (a paraphrase adds no sentence to do it)', async () => {
    for (const mode of MODES) {
      const { text } = await provider.generate(request({ mode, tone: 'casual', prompt: promptFor(mode) }));
      expect(text, mode).toMatch(CONTRACTION);
      if (mode !== 'paraphrase') expect(text, mode).toMatch(/\byou\b|\byou['’]/i);
      else expect(sentencesOf(text).length).toBe(sentencesOf(promptFor(mode)).length);
    }
  });

  it('casual: long sentences are split in a rewrite, not in a paraphrase', async () => {
    const prompt = 'The wind tore at the sails of the larger ships all through the night, and the old fisherman watched the harbour from his window.';
    const rewritten = await provider.generate(request({ mode: 'rewrite', tone: 'casual', prompt }));
    expect(sentencesOf(rewritten.text).length).toBeGreaterThanOrEqual(2);
    const paraphrased = await provider.generate(request({ mode: 'paraphrase', tone: 'casual', prompt }));
    expect(sentencesOf(paraphrased.text)).toHaveLength(1);
  });

  it('formal and academic: no contractions at all, even when the input has them', async () => {
    const contracted = "It's clear that we can't wait. They're sure the plan won't fail, and we've seen it work. I'd say it's ready.";
    for (const tone of ['formal', 'academic'] as const) {
      for (const mode of MODES) {
        const { text } = await provider.generate(request({ mode, tone, prompt: mode === 'write' ? WRITE_PROMPT : contracted }));
        expect(text, `${mode}/${tone}`).not.toMatch(CONTRACTION);
      }
    }
    const { text } = await provider.generate(request({ mode: 'paraphrase', tone: 'formal', prompt: contracted }));
    expect(text).toMatch(/cannot wait/);
    expect(text).toMatch(/will not \w+/);
  });

  it('formal: no slang and complete sentences', async () => {
    const prompt = "We're gonna need lots of stuff, and the kids wanna help. it was okay";
    const { text } = await provider.generate(request({ mode: 'paraphrase', tone: 'formal', prompt }));
    expect(text).not.toMatch(/\b(?:gonna|wanna|stuff|kids|okay)\b/i);
    expect(text).toMatch(/^[A-Z]/);
    expect(text).toMatch(/[.!?]$/);
  });

  it('academic: uses formal connectors and leaves plain claims unhedged', async () => {
    const prompt =
      'Studies show that exercise improves sleep. The new drug will cure the disease. This proves that diet matters. Exercise reduces stress. The results are clear.';
    const { text } = await provider.generate(request({ mode: 'paraphrase', tone: 'academic', prompt }));
    expect(text).toMatch(/\bshow that\b/);
    expect(text).toMatch(/\bwill cure\b/);
    expect(text).toMatch(/\bproves that\b/);
    expect(text).not.toMatch(/\b(?:may|suggests?|arguably|appears?)\b/);
    expect(text).toMatch(/\b(?:Moreover|Furthermore|Consequently)\b/);
    for (const mode of MODES) {
      const result = await provider.generate(request({ mode, tone: 'academic', prompt: promptFor(mode) }));
      expect(result.text, mode).toMatch(HEDGE_OR_CONNECTOR);
    }
  });
});
