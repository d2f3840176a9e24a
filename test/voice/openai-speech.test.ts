import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSpeechProvider, findBuiltinVoice } from '../../src/engines/voice';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { startFakeApi, type FakeApi } from '../support/fake-api';
import { SPEECH_MAX_INPUT } from '../support/fake-openai';
import { createTestAccount, startTestService, type TestService } from '../support/runtime';
import { synthesize } from './helpers';

/**
 * POST /v1/voice/synthesize through SPEECH_PROVIDER=openai (gpt-4o-mini-tts) against the strict fake OpenAI
 * server, which refuses any input over 4,096 characters, a voice the model lacks or a format it does not know.
 */
let fake: FakeApi;
let svc: TestService;
let workers: WorkerSet;
let dir: string;
const inputs: Array<{ input: string; voice: string; response_format: string; model: string }> = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiln-openai-speech-'));
  const james = findBuiltinVoice('voice_en_us_james')!;
  await createLocalSpeechProvider().synthesize({ text: 'A piece from the speech server.', language: 'en', voice: james, speed: 1 }, join(dir, 'a.mp3'));
  await createLocalSpeechProvider().synthesize(
    { text: 'A piece from the speech server.', language: 'en', voice: james, speed: 1, format: 'pcm_24000' },
    join(dir, 'a.pcm'),
  );
  const mp3 = await readFile(join(dir, 'a.mp3'));
  const pcm = await readFile(join(dir, 'a.pcm'));
  fake = await startFakeApi<(typeof inputs)[number]>('/audio/speech', ({ body }, res) => {
    inputs.push(body);
    if (body.response_format === 'pcm') res.writeHead(200, { 'content-type': 'audio/pcm' }).end(pcm);
    else res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3);
  });
  svc = await startTestService({ SPEECH_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_SPEECH_MODEL: 'gpt-4o-mini-tts' });
  workers = await startWorkers(svc.rt, { queues: ['voice'] });
});
afterAll(async () => {
  await workers?.close(5_000);
  await svc?.close();
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('speech through an OpenAI speech model', () => {
  it('a long text goes out in pieces within 4,096 characters, in the voice and formats the model takes', async () => {
    const { auth } = await createTestAccount(svc.rt, 'business');
    const sentence = 'The keeper climbed the stairs every evening and lit the great lamp for the ships at sea. ';
    const text = sentence.repeat(Math.ceil(9_000 / sentence.length)).trim();
    const mp3 = await synthesize(svc, auth, { text, voice_id: 'voice_en_us_emma' });
    expect(mp3.format).toBe('mp3');
    expect(inputs.length).toBeGreaterThanOrEqual(3);
    for (const call of inputs) expect(call.input.length).toBeLessThanOrEqual(SPEECH_MAX_INPUT);
    expect(inputs.map((c) => c.input).join(' ')).toBe(text);
    expect(new Set(inputs.map((c) => [c.model, c.voice, c.response_format].join(' ')))).toEqual(new Set(['gpt-4o-mini-tts nova mp3']));

    inputs.length = 0;
    const wav = await synthesize(svc, auth, { text: 'A short one, as a WAV file with word timings.', format: 'wav', timestamps: true });
    expect(wav.format).toBe('wav');
    expect(inputs.map((c) => c.response_format)).toEqual(['pcm']);
  });
});
