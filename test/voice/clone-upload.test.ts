import { once } from 'node:events';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voices } from '../../src/db/schema';
import { sampleBlobKey } from '../../src/voices/start-clone';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { encodeMp3, encodeWav, speakWav, SPEAKER_TEXT } from '../engines/voice/analysis/fixtures';
import { filesUnder, uploadTmpDir } from '../files/helpers';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';

let svc: TestService;
let workers: WorkerSet;
const stagingDir = uploadTmpDir();

/** espeak's speech as floats: its WAV is 16-bit mono at 22,050 Hz after a 44-byte header. */
function pcmOf(wav: Uint8Array): Float32Array {
  const pcm = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length - ((wav.length - 44) % 2)));
  return Float32Array.from(pcm, (s) => s / 32768);
}

/** ≥10 s of speech as a float stereo WAV: over 2 MB, the JSON body limit, so the upload must not be held to it. */
let bigWav: Uint8Array;
let mp3: Uint8Array;
let shortWav: Uint8Array;

beforeAll(async () => {
  svc = await startTestService({ UPLOAD_TMP_DIR: stagingDir });
  workers = await startWorkers(svc.rt, { queues: ['voice'] });
  const low = pcmOf(await speakWav(`${SPEAKER_TEXT} ${SPEAKER_TEXT}`, { variant: 'm3', pitch: 15, wordsPerMinute: 150 }));
  bigWav = encodeWav([low, low], 22_050, 'float32');
  const high = pcmOf(await speakWav(`${SPEAKER_TEXT} ${SPEAKER_TEXT}`, { variant: 'f2', pitch: 85, wordsPerMinute: 230 }));
  mp3 = await encodeMp3([high], 22_050);
  shortWav = await speakWav('Too short.', { variant: 'm3', pitch: 50, wordsPerMinute: 175 });
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
});

type Voice = { voice_id: string; name: string; status: string; type: string; error?: string; profile?: { f0_median_hz: number; sample_seconds: number } };
type Part = [name: string, value: string] | [name: string, data: Uint8Array, filename: string];

function form(...parts: Part[]): FormData {
  const f = new FormData();
  for (const p of parts) {
    if (p.length === 3) f.append(p[0], new Blob([new Uint8Array(p[1])]), p[2]);
    else f.append(p[0], p[1]);
  }
  return f;
}

const post = (auth: Record<string, string>, body: FormData, app = svc.app, headers: Record<string, string> = {}) =>
  app.request('/v1/voice/clone', { method: 'POST', headers: { ...auth, ...headers }, body });

async function created(res: Response): Promise<Voice> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

async function finished(auth: Record<string, string>, id: string): Promise<Voice> {
  return until(
    `voice ${id} finished`,
    async () => {
      const v = (await (await svc.app.request(`/v1/voices/${id}`, { headers: auth })).json()) as Voice;
      return v.status === 'processing' ? null : v;
    },
    120_000,
  );
}

async function expectError(res: Response, status: number, code: string, message?: RegExp) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toMatch(message);
}

const rowsOf = (accountId: string) => svc.rt.db.select().from(voices).where(eq(voices.accountId, accountId));

describe('POST /v1/voice/clone with an uploaded sample (multipart)', () => {
  it('over real HTTP, past the 2 MB JSON limit: a WAV and an MP3 become ready voices; the stored sample is removed; another account sees neither', async () => {
    expect(bigWav.length).toBeGreaterThan(2 * 1024 * 1024);
    const owner = await createTestAccount(svc.rt, 'pro');
    const other = await createTestAccount(svc.rt, 'pro');
    const server = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    let wavVoice: Voice;
    let mp3Voice: Voice;
    try {
      const { port } = server.address() as { port: number };
      const send = (body: FormData) => fetch(`http://127.0.0.1:${port}/v1/voice/clone`, { method: 'POST', headers: owner.auth, body });
      wavVoice = await created(await send(form(['name', 'Narrator'], ['file', bigWav, 'sample.wav'])));
      // Named wrongly on purpose: the content decides.
      mp3Voice = await created(await send(form(['file', mp3, 'sample.wav'], ['name', 'Bright'])));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(wavVoice).toMatchObject({ name: 'Narrator', type: 'cloned', status: 'processing' });
    const rows = await rowsOf(owner.accountId);
    expect(rows.map((r) => ({ url: r.sampleUrl, key: r.sampleKey })).sort((a, b) => a.key!.localeCompare(b.key!))).toEqual(
      [
        { url: null, key: sampleBlobKey(wavVoice.voice_id) },
        { url: null, key: sampleBlobKey(mp3Voice.voice_id) },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );

    const wavReady = await finished(owner.auth, wavVoice.voice_id);
    const mp3Ready = await finished(owner.auth, mp3Voice.voice_id);
    expect(wavReady.status, wavReady.error).toBe('ready');
    expect(mp3Ready.status, mp3Ready.error).toBe('ready');
    expect(wavReady.profile!.sample_seconds).toBeGreaterThanOrEqual(10);
    // The low, slow speaker and the high, fast one measured apart: each clone came from its own upload.
    expect(wavReady.profile!.f0_median_hz * 1.5).toBeLessThan(mp3Ready.profile!.f0_median_hz);
    // Finished clones no longer need their samples; nothing is left staged.
    await until(
      'samples removed',
      async () => !(await svc.rt.store.exists(sampleBlobKey(wavVoice.voice_id))) && !(await svc.rt.store.exists(sampleBlobKey(mp3Voice.voice_id))),
    );
    expect(filesUnder(stagingDir)).toEqual([]);

    const read = await svc.app.request(`/v1/voices/${wavVoice.voice_id}`, { headers: other.auth });
    await expectError(read, 404, 'not_found');
    const list = (await (await svc.app.request('/v1/voices?limit=100', { headers: other.auth })).json()).data as Voice[];
    expect(list.some((v) => v.type === 'cloned')).toBe(false);
    const use = await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'Hello.', voice_id: mp3Voice.voice_id }, other.auth));
    await expectError(use, 400, 'invalid_parameter');
  });

  it('a sample under 10 seconds is taken and then fails as a downloaded one does', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const voice = await created(await post(auth, form(['name', 'Short'], ['file', shortWav, 'short.wav'])));
    const done = await finished(auth, voice.voice_id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/too short/i);
    await until('sample removed', async () => !(await svc.rt.store.exists(sampleBlobKey(voice.voice_id))));
  });

  it('content that is not WAV or MP3 is refused at once (415), whatever its name, and no voice is made', async () => {
    const { auth, accountId } = await createTestAccount(svc.rt, 'pro');
    const html = new TextEncoder().encode('<!doctype html><html><body>'.padEnd(50_000, 'x'));
    await expectError(
      await post(auth, form(['name', 'Page'], ['file', html, 'sample.wav'])),
      415,
      'unsupported_file_type',
      /sample\.wav.*not a WAV or MP3 file \(it looks like HTML\)/,
    );
    const ogg = new Uint8Array(4096);
    ogg.set(new TextEncoder().encode('OggS'));
    await expectError(await post(auth, form(['name', 'Ogg'], ['file', ogg, 'voice.ogg'])), 415, 'unsupported_file_type', /an OGG file, which is not supported/);
    expect(await rowsOf(accountId)).toEqual([]);
    expect(filesUnder(stagingDir)).toEqual([]);
  });

  it('over VOICE_SAMPLE_MAX_BYTES is 413 file_too_large; a JSON body keeps its 2 MB limit', async () => {
    const limited = await startTestService({ UPLOAD_TMP_DIR: stagingDir, VOICE_SAMPLE_MAX_BYTES: String(64 * 1024) });
    try {
      const { auth, accountId } = await createTestAccount(limited.rt, 'pro');
      await expectError(
        await post(auth, form(['name', 'Big'], ['file', mp3.length > 64 * 1024 ? mp3 : bigWav, 'big.mp3']), limited.app),
        413,
        'file_too_large',
        /64 KiB|65536 bytes/,
      );
      expect(await limited.rt.db.select().from(voices).where(eq(voices.accountId, accountId))).toEqual([]);
      const json = await limited.app.request(
        '/v1/voice/clone',
        jsonRequest({ name: 'Padded', sample_url: 'https://example.com/a.wav', pad: 'x'.repeat(3 * 1024 * 1024) }, auth),
      );
      await expectError(json, 413, 'payload_too_large');
    } finally {
      await limited.close();
    }
  });

  it('exactly one of file and sample_url: both, or neither, is a 400 saying so', async () => {
    const { auth, accountId } = await createTestAccount(svc.rt, 'pro');
    const both = await post(auth, form(['name', 'Both'], ['sample_url', 'https://example.com/a.wav'], ['file', shortWav, 'a.wav']));
    await expectError(
      both,
      400,
      'invalid_parameter',
      /^Send the sample one way: 'sample_url' in a JSON body, or the file .* part named 'file'; this request has both\.$/,
    );
    await expectError(await post(auth, form(['name', 'Neither'])), 400, 'invalid_parameter', /^Send the sample one way: .*'file'\.$/);
    await expectError(
      await post(auth, form(['name', 'Url part'], ['sample_url', 'https://example.com/a.wav'])),
      400,
      'invalid_parameter',
      /^Send the sample one way/,
    );
    await expectError(
      await svc.app.request('/v1/voice/clone', jsonRequest({ name: 'Neither' }, auth)),
      400,
      'invalid_parameter',
      /this request has neither\.$/,
    );
    await expectError(
      await svc.app.request('/v1/voice/clone', jsonRequest({ name: 'Both', sample_url: 'https://example.com/a.wav', file: 'UklGRg==' }, auth)),
      400,
      'invalid_parameter',
      /a file cannot travel in JSON/,
    );
    // The upload's own fields are checked as the JSON body's are.
    await expectError(await post(auth, form(['file', shortWav, 'a.wav'])), 400, 'invalid_parameter', /^'name' is required\.$/);
    await expectError(await post(auth, form(['name', 'X'], ['nmae', 'typo'], ['file', shortWav, 'a.wav'])), 400, 'invalid_parameter', /nmae/);
    expect(await rowsOf(accountId)).toEqual([]);
    expect(filesUnder(stagingDir)).toEqual([]);
  });

  it('Idempotency-Key: the same upload again answers the same voice; another name with the key is refused', async () => {
    const { auth, accountId } = await createTestAccount(svc.rt, 'pro');
    const key = { 'Idempotency-Key': `clone-${crypto.randomUUID()}` };
    const first = await post(auth, form(['name', 'Once'], ['file', mp3, 'a.mp3']), svc.app, key);
    const voice = await created(first);
    const again = await post(auth, form(['file', mp3, 'a.mp3'], ['name', 'Once']), svc.app, key);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await created(again)).voice_id).toBe(voice.voice_id);
    await expectError(await post(auth, form(['name', 'Twice'], ['file', mp3, 'a.mp3']), svc.app, key), 422, 'idempotency_key_reused');
    expect((await rowsOf(accountId)).map((r) => r.id)).toEqual([voice.voice_id]);
    expect((await finished(auth, voice.voice_id)).status).toBe('ready');
  });
});

describe('the OpenAPI document', () => {
  it('describes both ways to give the sample: JSON with sample_url, multipart with file and name', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    const body = doc.paths['/v1/voice/clone'].post.requestBody.content;
    expect(Object.keys(body).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(body['multipart/form-data'].schema).toMatchObject({ required: ['file', 'name'], properties: { file: { format: 'binary' } } });
    expect(JSON.stringify(body['application/json'].schema)).toContain('sample_url');
    expect(Object.keys(doc.paths['/v1/voice/clone'].post.responses)).toEqual(expect.arrayContaining(['201', '413', '415']));
  });
});
