import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, startFakeApi, type FakeApi } from '../../support/fake-api';
import {
  createLocalSpeechProvider,
  createOpenAISpeechProvider,
  createSpeechProvider,
  findBuiltinVoice,
  measureMp3,
  SpeechProviderError,
  type SpeechRequest,
} from '../../../src/engines/voice';
import { readWavPcm } from '../../../src/engines/voice/wav';
import { BUILTIN_VOICES } from '../../../src/engines/voice/catalogue';
import { GPT_TTS_VOICES, SPEECH_MAX_INPUT, SPEECH_MODELS, TTS1_VOICES } from '../../support/fake-openai';

interface Seen {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** Requests the fake server received; it picks its answer from the input's first word. */
let seen: Seen[] = [];
let fake: FakeApi;
let baseUrl: string;
let dir: string;
let n = 0;
const out = () => join(dir, `remote-${++n}.mp3`);

/** A real MP3 the server answers with, made by the local engine. */
let remoteMp3: Buffer;
/** The same sentence as OpenAI's `pcm`: bare 16-bit little-endian samples at 24 kHz. */
let remotePcm: Buffer;
let remoteSeconds: number;
/** The same audio behind an ID3v2 tag, as some servers send it. */
let taggedMp3: Buffer;
/** Answers held back to provoke timeouts; cleared so none fires after the server is gone. */
const slowReplies = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiln-voice-openai-'));
  const made = join(dir, 'remote.mp3');
  const james = findBuiltinVoice('voice_en_us_james');
  if (!james) throw new Error('catalogue lost voice_en_us_james');
  await createLocalSpeechProvider().synthesize({ text: 'This audio came from the speech server.', language: 'en', voice: james, speed: 1 }, made);
  remoteMp3 = await readFile(made);
  const madePcm = join(dir, 'remote.pcm');
  await createLocalSpeechProvider().synthesize(
    { text: 'This audio came from the speech server.', language: 'en', voice: james, speed: 1, format: 'pcm_24000' },
    madePcm,
  );
  remotePcm = await readFile(madePcm);
  remoteSeconds = (await measureMp3(remoteMp3)).durationSeconds;
  const id3 = Buffer.alloc(10 + 20);
  id3.write('ID3', 0, 'latin1');
  id3[3] = 4;
  id3[9] = 20; // syncsafe size of the (empty) tag body
  taggedMp3 = Buffer.concat([id3, remoteMp3]);

  fake = await startFakeApi<Seen['body']>('/audio/speech', (call, res) => {
    const { body } = call;
    seen.push(call);
    const input = String(body.input);
    const json = (status: number, payload: unknown): void => sendJson(res, status, payload);
    if (body.response_format === 'pcm' && !input.startsWith('ignores')) {
      // Odd-sized pieces, so samples straddle reads.
      res.writeHead(200, { 'content-type': 'audio/pcm' });
      for (let i = 0; i < remotePcm.length; i += 1001) res.write(remotePcm.subarray(i, i + 1001));
      res.end();
    } else if (input.startsWith('ignores')) res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(remoteMp3);
    else if (input.startsWith('bad')) json(400, { error: { message: 'Input is not allowed', type: 'invalid_request_error' } });
    else if (input.startsWith('broken')) json(500, { error: { message: 'upstream exploded' } });
    else if (input.startsWith('busy')) json(429, { error: 'slow down' });
    else if (input.startsWith('notmp3')) json(200, { audio: 'somewhere else' });
    else if (input.startsWith('slow')) {
      const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(remoteMp3), 3000);
      slowReplies.add(timer);
      res.on('close', () => clearTimeout(timer));
    } else if (input.startsWith('tagged')) res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(taggedMp3);
    else {
      // Sent in small pieces, so the provider has to stream and sniff across reads.
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      for (let i = 0; i < remoteMp3.length; i += 3) res.write(remoteMp3.subarray(i, i + 3));
      res.end();
    }
  });
  baseUrl = fake.baseUrl;
});

afterAll(async () => {
  for (const timer of slowReplies) clearTimeout(timer);
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  seen = [];
});

function request(text: string, voice: SpeechRequest['voice'] = findBuiltinVoice('voice_en_us_emma') as SpeechRequest['voice']): SpeechRequest {
  return { text, language: 'en', voice, speed: 1.25 };
}

describe('OpenAI-compatible speech provider', () => {
  it('posts the documented fields and writes the MP3 it gets back', async () => {
    const provider = createOpenAISpeechProvider({ baseUrl: `${baseUrl}/`, apiKey: 'sk-test', model: 'tts-1-hd' });
    const path = out();
    const result = await provider.synthesize(request('Hello from Kiln.'), path);

    expect(provider.name).toBe('openai');
    expect(seen).toEqual([
      {
        path: '/v1/audio/speech',
        authorization: 'Bearer sk-test',
        body: { model: 'tts-1-hd', input: 'Hello from Kiln.', voice: 'nova', speed: 1.25, response_format: 'mp3' },
      },
    ]);
    expect(await readFile(path)).toEqual(remoteMp3);
    expect(result.bytes).toBe(remoteMp3.length);
    expect(Math.abs(result.durationSeconds - remoteSeconds)).toBeLessThan(0.01);
  });

  it('falls back to the default voice and model for a voice without an OpenAI name', async () => {
    const cloned = { id: 'voice_abcdefghij0123456789', settings: { pitch: 50, pitchRange: 50, wordsPerMinute: 170 } };
    await createOpenAISpeechProvider({ baseUrl }).synthesize(request('Hi.', cloned), out());
    await createOpenAISpeechProvider({ baseUrl, defaultVoice: 'echo' }).synthesize(request('Hi.', cloned), out());
    expect(seen.map((s) => [s.body.model, s.body.voice, s.authorization])).toEqual([
      ['tts-1', 'alloy', undefined],
      ['tts-1', 'echo', undefined],
    ]);
  });

  it('sends a long text as several requests under the input limit and appends the audio', async () => {
    const sentence = 'Every evening the keeper climbed the stairs and lit the lamp for the ships at sea. ';
    const text = sentence.repeat(Math.ceil(10_000 / sentence.length));
    const progress: number[] = [];
    const path = out();
    const result = await createOpenAISpeechProvider({ baseUrl }).synthesize(request(text), path, { onProgress: (p) => progress.push(p.doneChars) });

    expect(seen.length).toBeGreaterThanOrEqual(3);
    const inputs = seen.map((s) => String(s.body.input));
    for (const input of inputs) expect(input.length).toBeLessThanOrEqual(4000);
    expect(inputs.join(' ')).toBe(text.trim());
    expect(progress.at(-1)).toBe(text.length);

    const written = await readFile(path);
    expect(written.length).toBe(remoteMp3.length * seen.length);
    expect(result.bytes).toBe(written.length);
    const measured = await measureMp3(path);
    expect(Math.abs(measured.durationSeconds - result.durationSeconds) / result.durationSeconds).toBeLessThan(0.05);
    expect(Math.abs(result.durationSeconds - remoteSeconds * seen.length) / result.durationSeconds).toBeLessThan(0.01);
    expect(measured.rms).toBeGreaterThan(0.03);
  });

  it('keeps only the first part’s ID3 tag when appending', async () => {
    const path = out();
    await createOpenAISpeechProvider({ baseUrl, maxChunkChars: 20 }).synthesize(request('tagged part one. tagged part two.'), path);
    const written = await readFile(path);
    expect(seen.length).toBe(2);
    expect(written.length).toBe(taggedMp3.length + remoteMp3.length);
    expect(written.subarray(0, 3).toString('latin1')).toBe('ID3');
    expect(written.indexOf('ID3', 3, 'latin1')).toBe(-1);
  });

  it('reports a rejected request as a permanent error naming the endpoint, and removes the file', async () => {
    const path = out();
    const err = await createOpenAISpeechProvider({ baseUrl })
      .synthesize(request('bad words'), path)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechProviderError);
    expect(err).toMatchObject({ status: 400, permanent: true });
    expect((err as Error).message).toContain(`${baseUrl}/audio/speech`);
    expect((err as Error).message).toContain('HTTP 400');
    expect((err as Error).message).toContain('Input is not allowed');
    await expect(stat(path)).rejects.toThrow(/ENOENT/);
  });

  it('reports server failures and rate limits as retryable', async () => {
    const provider = createOpenAISpeechProvider({ baseUrl });
    const broken = await provider.synthesize(request('broken'), out()).catch((e: unknown) => e);
    expect(broken).toMatchObject({ status: 500, permanent: false });
    expect((broken as Error).message).toContain('upstream exploded');
    const busy = await provider.synthesize(request('busy'), out()).catch((e: unknown) => e);
    expect(busy).toMatchObject({ status: 429, permanent: false });
    expect((busy as Error).message).toContain('slow down');
  });

  it('fails a later chunk as a whole, leaving no partial file', async () => {
    const path = out();
    const err = await createOpenAISpeechProvider({ baseUrl, maxChunkChars: 20 })
      .synthesize(request('A fine first part. broken second part.'), path)
      .catch((e: unknown) => e);
    expect(seen.length).toBe(2);
    expect(err).toMatchObject({ status: 500, permanent: false });
    await expect(stat(path)).rejects.toThrow(/ENOENT/);
  });

  it('rejects a body that is not an MP3', async () => {
    const err = await createOpenAISpeechProvider({ baseUrl })
      .synthesize(request('notmp3'), out())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechProviderError);
    expect((err as Error).message).toMatch(/not an MP3/);
  });

  it('times out a server that does not answer', async () => {
    const err = await createOpenAISpeechProvider({ baseUrl, timeoutMs: 300 })
      .synthesize(request('slow'), out())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechProviderError);
    expect(err).toMatchObject({ permanent: false });
    expect((err as Error).message).toMatch(/did not answer within 300 ms/);
  });

  it('surfaces the caller’s cancellation as-is', async () => {
    const controller = new AbortController();
    const reason = new Error('job cancelled');
    setTimeout(() => controller.abort(reason), 100);
    const err = await createOpenAISpeechProvider({ baseUrl })
      .synthesize(request('slow'), out(), { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(err).toBe(reason);
  });

  it('reports an unreachable server clearly', async () => {
    const err = await createOpenAISpeechProvider({ baseUrl: 'http://127.0.0.1:9/v1' })
      .synthesize(request('Hi.'), out())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechProviderError);
    expect((err as Error).message).toMatch(/unreachable at http:\/\/127\.0\.0\.1:9\/v1\/audio\/speech/);
  });

  it('is what createSpeechProvider builds for "openai"', async () => {
    const provider = createSpeechProvider({ provider: 'openai', openaiBaseUrl: baseUrl, openaiApiKey: 'k', openaiModel: 'm', openaiVoice: 'fable' });
    const cloned = { id: 'voice_abcdefghij0123456789', settings: { pitch: 50, pitchRange: 50, wordsPerMinute: 170 } };
    await provider.synthesize(request('Hi.', cloned), out());
    expect(seen[0]).toMatchObject({ authorization: 'Bearer k', body: { model: 'm', voice: 'fable' } });
  });

  it('for another format or timestamps, asks for bare PCM and puts it through the same output as the built-in engine', async () => {
    const provider = createOpenAISpeechProvider({ baseUrl });
    const samples = remotePcm.length / 2;
    const wavPath = join(dir, 'remote-out.wav');
    const wav = await provider.synthesize({ ...request('This audio came from the speech server.'), format: 'wav', timestamps: true }, wavPath);
    expect(seen.map((s) => s.body.response_format)).toEqual(['pcm']);
    expect(wav.durationSeconds).toBe(samples / 24_000);
    expect(Buffer.from(readWavPcm(await readFile(wavPath), 24_000).buffer).equals(remotePcm)).toBe(true);
    expect(wav.words?.map((w) => w.word)).toEqual(['This', 'audio', 'came', 'from', 'the', 'speech', 'server']);
    expect(wav.words!.at(-1)!.end).toBeLessThanOrEqual(wav.durationSeconds);

    const ulawPath = join(dir, 'remote-out.ulaw');
    const ulaw = await provider.synthesize({ ...request('This audio came from the speech server.'), format: 'ulaw_8000' }, ulawPath);
    expect(ulaw.durationSeconds).toBe(wav.durationSeconds);
    expect(ulaw.words).toBeUndefined();
    expect((await stat(ulawPath)).size).toBe(Math.round(samples / 3));
  });

  it('refuses, permanently and saying why, a server that answers MP3 when asked for PCM', async () => {
    const path = join(dir, 'ignored.wav');
    const err = await createOpenAISpeechProvider({ baseUrl })
      .synthesize({ ...request('ignores response_format.'), format: 'wav' }, path)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechProviderError);
    expect((err as SpeechProviderError).permanent).toBe(true);
    expect((err as Error).message).toMatch(/audio\/mpeg instead of the bare PCM/);
    await expect(stat(path)).rejects.toThrow(/ENOENT/);
  });
});

describe("OpenAI's speech rules (the fake refuses what api.openai.com refuses)", () => {
  async function postSpeech(payload: Record<string, unknown>) {
    const res = await fetch(`${baseUrl}/audio/speech`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as { error?: { param: string; type: string } } };
  }

  it('the fake refuses a long input, a voice the model lacks, an unknown format or speed, and instructions to tts-1', async () => {
    const ok = { model: 'tts-1', input: 'Hi.', voice: 'alloy', response_format: 'mp3', speed: 1 };
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ ...ok, input: 'a'.repeat(SPEECH_MAX_INPUT + 1) }, 'input'],
      [{ ...ok, voice: 'ballad' }, 'voice'],
      [{ ...ok, model: 'gpt-4o-mini-tts', voice: 'nobody' }, 'voice'],
      [{ ...ok, response_format: 'ogg' }, 'response_format'],
      [{ ...ok, speed: 4.5 }, 'speed'],
      [{ ...ok, instructions: 'Speak warmly.' }, 'instructions'],
      [{ ...ok, volume: 3 }, 'volume'],
    ];
    for (const [payload, param] of refused) {
      const { status, body } = await postSpeech(payload);
      expect({ param, status, type: body.error?.type, refusedParam: body.error?.param }).toEqual({
        param,
        status: 400,
        type: 'invalid_request_error',
        refusedParam: param,
      });
    }
    expect(seen).toHaveLength(0);
    expect((await postSpeech({ ...ok, model: 'gpt-4o-mini-tts', voice: 'ballad', instructions: 'Speak warmly.' })).status).toBe(200);
    expect((await postSpeech({ ...ok, input: 'a'.repeat(SPEECH_MAX_INPUT) })).status).toBe(200);
  });

  it("every built-in voice maps to a voice each OpenAI speech model speaks, and each model accepts Kiln's requests in both formats", async () => {
    const voices = [...new Set(BUILTIN_VOICES.map((v) => v.openaiVoice))];
    for (const voice of voices) expect(TTS1_VOICES as readonly string[]).toContain(voice);
    for (const model of SPEECH_MODELS) {
      const provider = createOpenAISpeechProvider({ baseUrl, model });
      for (const voice of voices) {
        const spec = BUILTIN_VOICES.find((v) => v.openaiVoice === voice)!;
        await provider.synthesize({ text: 'Hello from Kiln.', language: 'en', voice: spec, speed: 2 }, out());
      }
      await provider.synthesize({ text: 'Hello from Kiln.', language: 'en', voice: BUILTIN_VOICES[0]!, speed: 0.5, format: 'wav' }, out());
    }
    expect(seen).toHaveLength(SPEECH_MODELS.length * (voices.length + 1));
    expect(new Set(seen.map((s) => s.body.response_format))).toEqual(new Set(['mp3', 'pcm']));
  });

  it('keeps every input within 4,096 characters even when asked for larger pieces', async () => {
    const sentence = 'Every evening the keeper climbed the stairs and lit the lamp for the ships at sea. ';
    const text = sentence.repeat(Math.ceil(12_000 / sentence.length));
    await createOpenAISpeechProvider({ baseUrl, model: 'tts-1', maxChunkChars: 10_000 }).synthesize(request(text), out());
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const s of seen) expect(String(s.body.input).length).toBeLessThanOrEqual(SPEECH_MAX_INPUT);
  });

  it('a voice only gpt-4o-mini-tts speaks, configured for tts-1, is a start-up error naming the settings; with gpt-4o-mini-tts it is sent', async () => {
    expect(() => createSpeechProvider({ provider: 'openai', openaiBaseUrl: baseUrl, openaiModel: 'tts-1', openaiVoice: 'ballad' })).toThrow(
      /OPENAI_SPEECH_VOICE.*"ballad" is not a voice of tts-1.*gpt-4o-mini-tts/,
    );
    expect(() => createOpenAISpeechProvider({ baseUrl, model: 'tts-1-hd', defaultVoice: 'verse' })).toThrow(/not a voice of tts-1-hd/);
    const cloned = { id: 'voice_abcdefghij0123456789', settings: { pitch: 50, pitchRange: 50, wordsPerMinute: 170 } };
    for (const voice of GPT_TTS_VOICES) {
      await createSpeechProvider({ provider: 'openai', openaiBaseUrl: baseUrl, openaiModel: 'gpt-4o-mini-tts', openaiVoice: voice }).synthesize(
        request('Hi.', cloned),
        out(),
      );
    }
    expect(seen.map((s) => s.body.voice)).toEqual([...GPT_TTS_VOICES]);
    // Another server's own voice names under OpenAI's model name (Kokoro-FastAPI takes `tts-1`) are its business.
    await createOpenAISpeechProvider({ baseUrl, model: 'kokoro', defaultVoice: 'af_bella' }).synthesize(request('Hi.', cloned), out());
  });
});
