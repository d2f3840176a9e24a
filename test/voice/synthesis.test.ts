import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdnFiles, usageLedger } from '../../src/db/schema';
import { measureMp3 } from '../../src/engines/voice';
import { createTestAccount, type TestService } from '../support/runtime';
import { fetchCdn, synthesize, startVoiceService } from './helpers';

let svc: TestService;
let stopService: () => Promise<void>;

beforeAll(async () => {
  ({ svc, close: stopService } = await startVoiceService());
});
afterAll(async () => {
  await stopService();
});

async function audioOf(result: { audio_url: string }) {
  const res = await fetchCdn(svc, result.audio_url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('audio/mpeg');
  return new Uint8Array(await res.arrayBuffer());
}

const PARAGRAPH =
  'Kiln turns text into speech without any network access. This paragraph has three sentences, ' +
  'and the engine speaks each of them with natural pauses. The result is an MP3 file on the content delivery host.';

describe('POST /v1/voice/synthesize, end to end through the queue', () => {
  it('answers a signed MP3 link that decodes to non-silent audio as long as duration_seconds, and bills whole seconds', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const result = await synthesize(svc, auth, { text: PARAGRAPH });
    expect(result.id).toMatch(/^tts_[a-z0-9]{20}$/);
    expect(result.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(result.audio_url).toMatch(/^http:\/\/kiln\.test\/cdn\/audio\/tts_[a-z0-9]{20}\.mp3\?expires=\d+&sig=/);
    const expires = Number(new URL(result.audio_url).searchParams.get('expires'));
    expect(Math.abs(expires * 1000 - (Date.parse(result.created_at) + 24 * 3600_000))).toBeLessThan(2_000);

    const mp3 = await audioOf(result);
    const measured = await measureMp3(mp3);
    expect(measured.rms).toBeGreaterThan(0.02);
    expect(result.duration_seconds).toBeGreaterThan(5);
    expect(Math.abs(measured.durationSeconds - result.duration_seconds) / result.duration_seconds).toBeLessThan(0.05);

    const usage = await (await svc.app.request('/v1/usage', { headers: auth })).json();
    expect(usage.usage.audio_seconds).toBe(Math.ceil(result.duration_seconds));
    const ledger = await svc.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, result.id));
    expect(ledger).toHaveLength(1);
    const [file] = await svc.rt.db.select().from(cdnFiles).where(eq(cdnFiles.sourceId, result.id));
    expect(file!.sizeBytes).toBe(mp3.length);

    const again = await svc.app.request(`/v1/jobs/${result.id}`, { headers: auth });
    expect(await again.json()).toEqual(result);
  });

  it('speed changes the real duration: 2.0 is at most 60% of 1.0, and 0.5 at least 160%', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const [normal, fast, slow] = await Promise.all([1, 2, 0.5].map((speed) => synthesize(svc, auth, { text: PARAGRAPH, speed })));
    expect(fast!.duration_seconds).toBeLessThanOrEqual(normal!.duration_seconds * 0.6);
    expect(slow!.duration_seconds).toBeGreaterThanOrEqual(normal!.duration_seconds * 1.6);
    const fastAudio = await measureMp3(await audioOf(fast!));
    expect(Math.abs(fastAudio.durationSeconds - fast!.duration_seconds) / fast!.duration_seconds).toBeLessThan(0.05);
  });

  const LANGUAGES: [string, string][] = [
    ['en', 'Good morning, how are you today?'],
    ['es', 'Buenos días, ¿cómo estás hoy?'],
    ['fr', 'Bonjour, comment allez-vous aujourd’hui ?'],
    ['de', 'Guten Morgen, wie geht es Ihnen heute?'],
    ['it', 'Buongiorno, come stai oggi?'],
    ['pt-BR', 'Bom dia, como você está hoje?'],
    ['zh', '你好，今天天气很好。'],
    ['ja', 'こんにちは、きょうはいいてんきですね。'],
    ['ru', 'Доброе утро, как дела сегодня?'],
    ['ar', 'صباح الخير، كيف حالك اليوم؟'],
  ];

  it('speaks en, es, fr, de, it, pt, zh, ja, ru and ar with each language’s default voice', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    for (const [language, text] of LANGUAGES) {
      const result = await synthesize(svc, auth, { text, language });
      const measured = await measureMp3(await audioOf(result));
      expect(measured.rms, language).toBeGreaterThan(0.02);
      expect(result.duration_seconds, language).toBeGreaterThan(0.8);
    }
  });

  it('a region falls back to its language (en-AU speaks English); the CDN serves byte ranges of the MP3', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const result = await synthesize(svc, auth, { text: 'G’day, this is a short test.', language: 'en-AU' });
    const whole = await audioOf(result);
    const part = await fetchCdn(svc, result.audio_url, { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(whole.subarray(100, 200)))).toBe(true);
  });

  it('the voices list names each voice’s engine; English voices speak through Flite (16 kHz), others through espeak-ng (22.05 kHz)', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const voices = (await (await svc.app.request('/v1/voices?limit=100', { headers: auth })).json()).data as {
      voice_id: string;
      languages: string[];
      engine?: string;
    }[];
    const english = voices.filter((v) => v.languages.some((l) => l === 'en' || l.startsWith('en-')));
    expect(english.length).toBeGreaterThanOrEqual(6);
    for (const v of english) expect(v.engine, v.voice_id).toBe('flite');
    for (const v of voices.filter((v) => !english.includes(v))) expect(v.engine, v.voice_id).toBe('espeak-ng');
    const one = await (await svc.app.request('/v1/voices/voice_en_gb_oliver', { headers: auth })).json();
    expect(one.engine).toBe('flite');
    const doc = await (await svc.app.request('/openapi.json')).json();
    const listed = doc.paths['/v1/voices'].get.responses['200'].content['application/json'].schema.properties.data.items;
    const schema = listed.$ref ? doc.components.schemas[listed.$ref.split('/').pop()] : listed;
    expect(schema.properties.engine.enum).toEqual(['flite', 'espeak-ng']);
    expect(schema.properties.engine.description).toMatch(/English/);

    const flite = await measureMp3(await audioOf(await synthesize(svc, auth, { text: 'Flite speaks this sentence.', voice_id: 'voice_en_us_james' })));
    expect(flite.sampleRate).toBe(16_000);
    expect(flite.rms).toBeGreaterThan(0.02);
    const espeak = await measureMp3(
      await audioOf(await synthesize(svc, auth, { text: 'Guten Morgen, wie geht es Ihnen?', language: 'de', voice_id: 'voice_de_anna' })),
    );
    expect(espeak.sampleRate).toBe(22_050);
    const byDefault = await measureMp3(await audioOf(await synthesize(svc, auth, { text: 'The default English voice.' })));
    expect(byDefault.sampleRate).toBe(16_000);
  });

  it('built-in voices of one language sound different: the female English default is higher than the male one', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const voices = (await (await svc.app.request('/v1/voices?limit=100', { headers: auth })).json()).data as {
      voice_id: string;
      languages: string[];
      gender?: string;
      type: string;
    }[];
    const english = voices.filter((v) => v.type === 'builtin' && v.languages.includes('en'));
    expect(english.length).toBeGreaterThanOrEqual(3);
    const female = english.find((v) => v.gender === 'female')!;
    const male = english.find((v) => v.gender === 'male')!;
    const { analyzeSpeaker } = await import('../../src/engines/voice/analysis');
    const pitchOf = async (voice_id: string) => {
      const mp3 = await audioOf(await synthesize(svc, auth, { text: PARAGRAPH, voice_id }));
      return (await analyzeSpeaker(mp3, { minSeconds: 1, minVoicedSeconds: 1 })).f0MedianHz;
    };
    expect(await pitchOf(female.voice_id)).toBeGreaterThan((await pitchOf(male.voice_id)) * 1.3);
  });
});
