import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalSpeechProvider,
  createSpeechProvider,
  defaultVoiceFor,
  isMp3,
  measureMp3,
  SpeechProviderError,
  type SpeechProgress,
  type SpeechRequest,
} from '../../../src/engines/voice';
import { sampleFor } from './speech-samples';

let dir: string;
let n = 0;
const out = () => join(dir, `speech-${++n}.mp3`);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiln-voice-local-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const PARAGRAPH =
  'The old lighthouse stood at the edge of the cliff, its white paint peeling after decades of salt and wind. ' +
  'Every evening, the keeper climbed the spiral stairs and lit the great lamp that guided ships away from the rocks below. ' +
  'Nobody in the village remembered a time before the light; it was as much a part of the coast as the gulls and the fog. ';

/**
 * The language's default voice as espeak-ng renders it: English voices' Flite rendering is left out,
 * since Flite runs in child processes, which unit tests do not start (test/voice/flite-engine.test.ts
 * and the API tests cover it).
 */
function request(text: string, language = 'en', speed = 1): SpeechRequest {
  const voice = defaultVoiceFor(language);
  if (!voice) throw new Error(`no voice for ${language}`);
  const { flite: _, ...settings } = voice.settings;
  return { text, language, voice: { ...voice, settings }, speed };
}

describe('local speech provider', () => {
  const provider = createLocalSpeechProvider();

  it('writes a non-silent MP3 whose decoded duration matches the reported one', async () => {
    const path = out();
    const progress: SpeechProgress[] = [];
    const result = await provider.synthesize(request(PARAGRAPH), path, { onProgress: (p) => progress.push(p) });

    expect(provider.name).toBe('local');
    const bytes = await readFile(path);
    expect(isMp3(bytes)).toBe(true);
    expect(result.bytes).toBe(bytes.length);
    expect(result.durationSeconds).toBeGreaterThan(10);

    const measured = await measureMp3(path);
    expect(measured.sampleRate).toBe(22_050);
    expect(measured.channels).toBe(1);
    expect(measured.rms).toBeGreaterThan(0.03);
    expect(Math.abs(measured.durationSeconds - result.durationSeconds) / result.durationSeconds).toBeLessThan(0.05);

    const last = progress.at(-1);
    expect(last).toEqual({ doneChars: PARAGRAPH.length, totalChars: PARAGRAPH.length, audioSeconds: result.durationSeconds });
  });

  it('changes the real duration with speed', async () => {
    const text = PARAGRAPH.repeat(2);
    const normal = await provider.synthesize(request(text, 'en', 1), out());
    const fast = await provider.synthesize(request(text, 'en', 2), out());
    const slow = await provider.synthesize(request(text, 'en', 0.5), out());
    expect(fast.durationSeconds / normal.durationSeconds).toBeLessThanOrEqual(0.6);
    expect(slow.durationSeconds / normal.durationSeconds).toBeGreaterThanOrEqual(1.6);
  });

  it('speaks the major languages audibly with their default voice', async () => {
    for (const language of ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ru', 'ar']) {
      const path = out();
      const result = await provider.synthesize(request(sampleFor(language), language), path);
      const measured = await measureMp3(path);
      expect(result.durationSeconds, language).toBeGreaterThan(1);
      expect(measured.rms, language).toBeGreaterThan(0.03);
    }
  });

  it('splits long text into chunks that join without extra gaps', async () => {
    const text = PARAGRAPH.repeat(3);
    const chunked = createLocalSpeechProvider({ maxChunkChars: 250 });
    const progress: SpeechProgress[] = [];
    const inPieces = await chunked.synthesize(request(text), out(), { onProgress: (p) => progress.push(p) });
    const whole = await provider.synthesize(request(text), out());

    expect(progress.length).toBeGreaterThan(4);
    for (let i = 1; i < progress.length; i++) {
      expect((progress[i] as SpeechProgress).doneChars).toBeGreaterThanOrEqual((progress[i - 1] as SpeechProgress).doneChars);
      expect((progress[i] as SpeechProgress).audioSeconds).toBeGreaterThan(0);
    }
    // espeak's final pause per chunk equals its pause between sentences, so durations agree closely.
    expect(Math.abs(inPieces.durationSeconds - whole.durationSeconds) / whole.durationSeconds).toBeLessThan(0.03);
  });

  it('gives overlapping requests the same audio as one at a time', async () => {
    const english = request(PARAGRAPH);
    const chinese = request(sampleFor('zh').repeat(6), 'zh');
    const chunked = createLocalSpeechProvider({ maxChunkChars: 120 });
    const [aloneEn, aloneZh, bothEn, bothZh] = [out(), out(), out(), out()];
    await chunked.synthesize(english, aloneEn);
    await chunked.synthesize(chinese, aloneZh);
    await Promise.all([chunked.synthesize(english, bothEn), chunked.synthesize(chinese, bothZh)]);
    expect((await readFile(bothEn)).equals(await readFile(aloneEn))).toBe(true);
    expect((await readFile(bothZh)).equals(await readFile(aloneZh))).toBe(true);
  });

  it('speaks a cloned voice (no variant, custom settings) in any supported language', async () => {
    const voice = { id: 'voice_abcdefghij0123456789', settings: { pitch: 70, pitchRange: 30, wordsPerMinute: 150 } };
    const path = out();
    const result = await provider.synthesize({ text: sampleFor('de'), language: 'de', voice, speed: 1.2 }, path);
    expect(result.durationSeconds).toBeGreaterThan(1);
    expect((await measureMp3(path)).rms).toBeGreaterThan(0.03);
  });

  it('stops between chunks when aborted and leaves no file behind', async () => {
    const controller = new AbortController();
    const chunked = createLocalSpeechProvider({ maxChunkChars: 200 });
    const path = out();
    let calls = 0;
    const run = chunked.synthesize(request(PARAGRAPH.repeat(3)), path, {
      signal: controller.signal,
      onProgress: () => {
        calls++;
        controller.abort(new Error('user cancelled'));
      },
    });
    await expect(run).rejects.toThrow('user cancelled');
    expect(calls).toBe(1);
    await expect(stat(path)).rejects.toThrow(/ENOENT/);
  });

  it('refuses what it cannot do, permanently', async () => {
    const cases: Array<[SpeechRequest, RegExp]> = [
      [{ ...request('Hello.'), language: 'xx' }, /does not speak "xx"/],
      [request('Hello.', 'en', 3), /speed must be between 0.5 and 2/],
      [request(' \n\t '), /nothing to speak/],
    ];
    for (const [req, message] of cases) {
      const path = out();
      const err = await provider.synthesize(req, path).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SpeechProviderError);
      expect((err as SpeechProviderError).permanent).toBe(true);
      expect((err as Error).message).toMatch(message);
      await expect(stat(path)).rejects.toThrow(/ENOENT/);
    }
  });

  it('is what createSpeechProvider builds for "local"', async () => {
    const built = createSpeechProvider({ provider: 'local' });
    expect(built.name).toBe('local');
    expect(() => createSpeechProvider({ provider: 'openai' })).toThrow(/openaiBaseUrl/);
    // The engine behind it loads on this first call.
    const path = out();
    const result = await built.synthesize(request('Hello from the lighthouse.'), path);
    expect(isMp3(await readFile(path))).toBe(true);
    expect(result.bytes).toBe((await stat(path)).size);
  });
});
