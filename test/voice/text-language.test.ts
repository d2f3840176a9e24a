import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { createTestAccount, jsonRequest, type TestService } from '../support/runtime';
import { startVoiceService } from './helpers';

let svc: TestService;
let stop: () => Promise<void>;
let auth: Record<string, string>;
beforeAll(async () => {
  ({ svc, close: stop } = await startVoiceService());
  ({ auth } = await createTestAccount(svc.rt, 'pro'));
});
afterAll(() => stop());

const FRENCH = 'Bonjour, je voudrais réserver une table pour deux personnes ce soir.';
const post = (body: object) => svc.app.request('/v1/voice/synthesize', jsonRequest(body, auth));

/** Speaks `body` and answers the language and voice the job was given. */
async function spokenAs(body: object): Promise<{ language: string; voice_id: string }> {
  const res = await post(body);
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  const [row] = await svc.rt.db.select({ input: jobs.input }).from(jobs).where(eq(jobs.id, json.id));
  const { language, voice_id } = row!.input as { language: string; voice_id: string };
  return { language, voice_id };
}

describe('POST /v1/voice/synthesize without `language`: the text’s own language', () => {
  it('without voice_id, French text is read in French by the French default voice', async () => {
    expect(await spokenAs({ text: FRENCH })).toEqual({ language: 'fr', voice_id: 'voice_fr_camille' });
    expect(await spokenAs({ text: 'Guten Morgen, wie geht es Ihnen heute?' })).toEqual({ language: 'de', voice_id: 'voice_de_anna' });
    expect((await spokenAs({ text: 'The quick brown fox jumps over the lazy dog.' })).language).toBe('en');
  });

  it('an English voice asked to read French: 400 naming the languages it speaks and the way out', async () => {
    const res = await post({ text: FRENCH, voice_id: 'voice_en_us_emma' });
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('invalid_parameter');
    expect(body.error.message).toBe(
      "'text' is written in French (fr; detected, as no 'language' was given), which voice voice_en_us_emma does not speak; it speaks en-US, en. " +
        "Omit 'voice_id' to use French's default voice (voice_fr_camille), or set 'language' to read the text as one of the voice's languages anyway.",
    );
    // And the reverse: a French voice given English.
    const reverse = await (await post({ text: 'Thank you very much for coming to the meeting this morning.', voice_id: 'voice_fr_louis' })).json();
    expect(reverse.error.message).toMatch(/^'text' is written in English \(en; .*which voice voice_fr_louis does not speak; it speaks fr\./);
  });

  it('the caller’s `language` is taken at its word: the English voice reads the French text as English', async () => {
    expect(await spokenAs({ text: FRENCH, voice_id: 'voice_en_us_emma', language: 'en' })).toEqual({ language: 'en', voice_id: 'voice_en_us_emma' });
  });

  it('short or ambiguous text is never refused: the voice reads it in its own language', async () => {
    for (const text of [
      'Bonjour Paris', // too few letters to judge
      'Merci', // likewise
      'Croissant and café au lait at the Rue de Rivoli', // French words in an English sentence
      'Emmanuel Macron visited Lyon and Marseille',
      'Quantum entanglement',
      '42',
    ]) {
      expect(await spokenAs({ text, voice_id: 'voice_en_us_emma' }), text).toEqual({ language: 'en', voice_id: 'voice_en_us_emma' });
    }
    // A voice made for another language reads short text in that language (it used to be refused for not speaking English).
    expect(await spokenAs({ text: 'Merci', voice_id: 'voice_fr_louis' })).toEqual({ language: 'fr', voice_id: 'voice_fr_louis' });
    // Without a voice nothing is refused: a word is too little to judge (English, as before); two French words
    // are enough to choose French's voice, though not to refuse the English voice above.
    expect(await spokenAs({ text: 'Merci' })).toEqual({ language: 'en', voice_id: 'voice_en_us_emma' });
    expect(await spokenAs({ text: 'Bonjour Paris' })).toEqual({ language: 'fr', voice_id: 'voice_fr_camille' });
  });

  it('the OpenAPI document says what an omitted language means', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    const language = doc.paths['/v1/voice/synthesize'].post.requestBody.content['application/json'].schema.properties.language;
    expect(language.default).toBeUndefined();
    expect(language.description).toMatch(/Omitted: the text’s own language/);
  });
});
