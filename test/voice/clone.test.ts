import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureMp3 } from '../../src/engines/voice';
import { analyzeSpeaker } from '../../src/engines/voice/analysis';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { encodeMp3, speakWav, SPEAKER_TEXT } from '../engines/voice/analysis/fixtures';
import { startFileHost, type FileHost } from '../support/file-host';
import { createTestAccount, jsonRequest, startTestService, testConfig, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { freePort } from '../hosting/support/hosting-harness';

let svc: TestService;
let workers: WorkerSet;
let files: FileHost;

/** Two "speakers" with the same words: a low, slow voice (WAV) and a high, fast one (MP3). */
const LOW_WAV = '/low-slow.wav';
const HIGH_MP3 = '/high-fast.mp3';

beforeAll(async () => {
  svc = await startTestService({ FETCH_ALLOW_PRIVATE: 'true' });
  workers = await startWorkers(svc.rt, { queues: ['voice'] });
  files = await startFileHost();
  const low = await speakWav(`${SPEAKER_TEXT} ${SPEAKER_TEXT}`, { variant: 'm3', pitch: 15, wordsPerMinute: 150 });
  files.put(LOW_WAV, Buffer.from(low));
  const high = await speakWav(`${SPEAKER_TEXT} ${SPEAKER_TEXT}`, { variant: 'f2', pitch: 85, wordsPerMinute: 230 });
  // espeak's WAV is 16-bit mono at 22,050 Hz after a 44-byte header.
  const pcm = new Int16Array(high.buffer.slice(high.byteOffset + 44, high.byteOffset + high.length - ((high.length - 44) % 2)));
  files.put(HIGH_MP3, Buffer.from(await encodeMp3([Float32Array.from(pcm, (s) => s / 32768)], 22_050)));
  files.put('/page.html', Buffer.from('<!doctype html><html><body>'.padEnd(50_000, 'x') + '</body></html>'));
  files.put('/short.wav', Buffer.from(await speakWav('Too short.', { variant: 'm3', pitch: 50, wordsPerMinute: 175 })));
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
  await files.close();
});

type Voice = {
  voice_id: string;
  name: string;
  status: string;
  type: string;
  created_at: string;
  engine?: string;
  error?: string;
  profile?: { f0_median_hz: number };
};

async function clone(auth: Record<string, string>, name: string, sampleUrl: string, app = svc.app): Promise<Voice> {
  const res = await app.request('/v1/voice/clone', jsonRequest({ name, sample_url: sampleUrl }, auth));
  expect(res.status).toBe(201);
  return res.json();
}

async function finished(auth: Record<string, string>, id: string, app = svc.app): Promise<Voice> {
  // Generous: a clone that retries a failing download waits out two backoffs on a shared machine.
  return until(
    `voice ${id} finished`,
    async () => {
      const v = (await (await app.request(`/v1/voices/${id}`, { headers: auth })).json()) as Voice;
      return v.status === 'processing' ? null : v;
    },
    120_000,
  );
}

async function speakWith(auth: Record<string, string>, voiceId: string) {
  const res = await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: SPEAKER_TEXT, voice_id: voiceId }, auth));
  expect(res.status).toBe(200);
  const { audio_url } = await res.json();
  const u = new URL(audio_url);
  const mp3 = new Uint8Array(await (await svc.app.request(u.pathname + u.search)).arrayBuffer());
  return analyzeSpeaker(mp3, { minSeconds: 1 });
}

describe('POST /v1/voice/clone', () => {
  it('processing → ready from a WAV and an MP3 sample; the clones follow their samples in pitch and rate', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const low = await clone(auth, 'Low and slow', files.url(LOW_WAV));
    expect(low).toMatchObject({ name: 'Low and slow', status: 'processing', type: 'cloned' });
    expect(low.voice_id).toMatch(/^voice_[a-z0-9]{20}$/);
    expect(low.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const high = await clone(auth, 'High and fast', files.url(HIGH_MP3));

    const lowReady = await finished(auth, low.voice_id);
    const highReady = await finished(auth, high.voice_id);
    expect(lowReady.status).toBe('ready');
    expect(highReady.status).toBe('ready');
    expect(lowReady.profile!.f0_median_hz).toBeLessThan(highReady.profile!.f0_median_hz);

    const lowSpeech = await speakWith(auth, low.voice_id);
    const highSpeech = await speakWith(auth, high.voice_id);
    // Measurably lower: well apart, not a rounding difference.
    expect(lowSpeech.f0MedianHz * 1.5).toBeLessThan(highSpeech.f0MedianHz);
    // Each clone lands near its own sample's pitch.
    expect(Math.abs(lowSpeech.f0MedianHz - lowReady.profile!.f0_median_hz) / lowReady.profile!.f0_median_hz).toBeLessThan(0.2);
    expect(Math.abs(highSpeech.f0MedianHz - highReady.profile!.f0_median_hz) / highReady.profile!.f0_median_hz).toBeLessThan(0.2);
    expect(lowSpeech.syllablesPerSecond).toBeLessThan(highSpeech.syllablesPerSecond);

    // English goes through the nearest Flite voice (16 kHz), any other language through espeak-ng (22.05 kHz).
    expect(lowReady.engine).toBe('flite');
    const rateOf = async (body: object) => {
      const res = await svc.app.request('/v1/voice/synthesize', jsonRequest(body, auth));
      expect(res.status).toBe(200);
      const u = new URL((await res.json()).audio_url);
      return (await measureMp3(new Uint8Array(await (await svc.app.request(u.pathname + u.search)).arrayBuffer()))).sampleRate;
    };
    expect(await rateOf({ text: 'An English sentence.', voice_id: high.voice_id })).toBe(16_000);
    expect(await rateOf({ text: 'Ein deutscher Satz.', language: 'de', voice_id: high.voice_id })).toBe(22_050);
  });

  it('ends failed with an error for a file that is not audio, and for a sample under 10 seconds', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const html = await finished(auth, (await clone(auth, 'Not audio', files.url('/page.html'))).voice_id);
    expect(html.status).toBe('failed');
    expect(html.error).toMatch(/not a WAV or MP3/i);
    const short = await finished(auth, (await clone(auth, 'Short', files.url('/short.wav'))).voice_id);
    expect(short.status).toBe('failed');
    expect(short.error).toMatch(/too short/i);
    const missing = await finished(auth, (await clone(auth, 'Gone', files.url('/missing.wav'))).voice_id);
    expect(missing.status).toBe('failed');
    expect(missing.error).toMatch(/404/);
  });

  it('with FETCH_ALLOW_PRIVATE off, a refused IP literal or localhost is a 400 at creation and never reached; a name is checked when fetched', async () => {
    const strict = await startTestService({}, testConfig(testEnv({ FETCH_ALLOW_PRIVATE: 'false' })));
    const strictWorkers = await startWorkers(strict.rt, { queues: ['voice'] });
    try {
      const { auth } = await createTestAccount(strict.rt, 'pro');
      const before = files.hits(LOW_WAV);
      for (const url of [files.url(LOW_WAV), 'http://[::1]/a.wav', 'http://localhost/a.wav', 'http://10.0.0.1/a.wav', 'http://169.254.169.254/a.wav']) {
        const res = await strict.app.request('/v1/voice/clone', jsonRequest({ name: 'Private', sample_url: url }, auth));
        expect(res.status, url).toBe(400);
        const body = await res.json();
        expect(body.error.code).toBe('invalid_parameter');
        expect(body.error.message).toMatch(/^'sample_url' .*(loopback|private|link-local)/);
      }
      expect(files.hits(LOW_WAV)).toBe(before);
      const named = await finished(auth, (await clone(auth, 'Nowhere', 'http://kiln-does-not-exist.invalid/a.wav', strict.app)).voice_id, strict.app);
      expect(named.status).toBe('failed');
      expect(named.error).toBe('The clone failed after 3 attempts to download the sample: could not resolve host kiln-does-not-exist.invalid.');
    } finally {
      await strictWorkers.close(5_000);
      await strict.close();
    }
  }, 180_000);

  it('a closed port fails after the retries with the cause: connection refused', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const port = await freePort();
    const voice = await finished(auth, (await clone(auth, 'Closed', `http://127.0.0.1:${port}/a.wav`)).voice_id);
    expect(voice.status).toBe('failed');
    expect(voice.error).toBe(`The clone failed after 3 attempts to download the sample: could not connect to 127.0.0.1:${port} (connection refused).`);
  }, 180_000);

  it('a sample host that never answers (timed out) and a sample over the size limit', async () => {
    const limited = await startTestService({}, testConfig(testEnv({ FETCH_ALLOW_PRIVATE: 'true', FETCH_TIMEOUT_MS: '1000', VOICE_SAMPLE_MAX_BYTES: '1024' })));
    const limitedWorkers = await startWorkers(limited.rt, { queues: ['voice'] });
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const { auth } = await createTestAccount(limited.rt, 'pro');
      const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/a.wav`;
      const slow = await finished(auth, (await clone(auth, 'Silent', silentUrl, limited.app)).voice_id, limited.app);
      expect(slow.status).toBe('failed');
      expect(slow.error).toMatch(/^The clone failed after 3 attempts to download the sample: fetching from 127\.0\.0\.1:\d+ timed out after 1 s\.$/);
      const big = await finished(auth, (await clone(auth, 'Big', files.url(LOW_WAV), limited.app)).voice_id, limited.app);
      expect(big.status).toBe('failed');
      expect(big.error).toMatch(/^Could not download the sample: source at 127\.0\.0\.1:\d+ is too large \(over the 1 KiB limit\)\.$/);
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
      await limitedWorkers.close(5_000);
      await limited.close();
    }
  }, 180_000);

  it('a voice that is not ready cannot speak: invalid_parameter', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const failed = await finished(auth, (await clone(auth, 'Broken', files.url('/page.html'))).voice_id);
    const res = await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'Hello there.', voice_id: failed.voice_id }, auth));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('invalid_parameter');
    expect(body.error.message).toContain('not ready');
  });
});

describe('voices of an account', () => {
  it('lists built-ins and only the account’s own clones; another account’s clone is not found and cannot be used or deleted', async () => {
    const owner = await createTestAccount(svc.rt, 'pro');
    const other = await createTestAccount(svc.rt, 'pro');
    const mine = await finished(owner.auth, (await clone(owner.auth, 'Mine', files.url(LOW_WAV))).voice_id);
    expect(mine.status).toBe('ready');

    const ownList = (await (await svc.app.request('/v1/voices?limit=100', { headers: owner.auth })).json()).data as Voice[];
    const otherList = (await (await svc.app.request('/v1/voices?limit=100', { headers: other.auth })).json()).data as Voice[];
    expect(ownList.filter((v) => v.type === 'cloned').map((v) => v.voice_id)).toEqual([mine.voice_id]);
    expect(otherList.some((v) => v.type === 'cloned')).toBe(false);
    expect(otherList.filter((v) => v.type === 'builtin').length).toBeGreaterThanOrEqual(20);

    const read = await svc.app.request(`/v1/voices/${mine.voice_id}`, { headers: other.auth });
    expect(read.status).toBe(404);
    expect((await read.json()).error.code).toBe('not_found');
    const use = await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'Hello.', voice_id: mine.voice_id }, other.auth));
    expect(use.status).toBe(400);
    expect((await use.json()).error.code).toBe('invalid_parameter');
    expect((await svc.app.request(`/v1/voices/${mine.voice_id}`, { method: 'DELETE', headers: other.auth })).status).toBe(404);

    const del = await svc.app.request(`/v1/voices/${mine.voice_id}`, { method: 'DELETE', headers: owner.auth });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    expect((await svc.app.request(`/v1/voices/${mine.voice_id}`, { headers: owner.auth })).status).toBe(404);
    const gone = await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'Hello.', voice_id: mine.voice_id }, owner.auth));
    expect((await gone.json()).error.code).toBe('invalid_parameter');
  });

  it('a built-in voice reads as ready and cannot be deleted', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const voices = (await (await svc.app.request('/v1/voices?limit=100', { headers: auth })).json()).data as Voice[];
    const builtin = voices.find((v) => v.type === 'builtin')!;
    const read = await (await svc.app.request(`/v1/voices/${builtin.voice_id}`, { headers: auth })).json();
    expect(read).toMatchObject({ voice_id: builtin.voice_id, type: 'builtin', status: 'ready' });
    const del = await svc.app.request(`/v1/voices/${builtin.voice_id}`, { method: 'DELETE', headers: auth });
    expect(del.status).toBe(400);
    expect((await del.json()).error.code).toBe('invalid_parameter');
  });
});
