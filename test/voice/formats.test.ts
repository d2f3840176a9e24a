import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdnFiles, usageLedger } from '../../src/db/schema';
import { createTestAccount, jsonRequest, type TestService } from '../support/runtime';
import { fetchCdn, type Spoken, synthesize, startVoiceService } from './helpers';

const run = promisify(execFile);

let svc: TestService;
let stopService: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  // ffprobe and sox come from scripts/ensure-test-tools.mjs (Debian's ffmpeg and sox).
  ({ svc, close: stopService } = await startVoiceService());
  dir = await mkdtemp(join(tmpdir(), 'kiln-voice-formats-'));
});
afterAll(async () => {
  await stopService();
  await rm(dir, { recursive: true, force: true });
});

/** How each format is read back: ffprobe's and sox's options for the bare ones (they have no header to say). */
const FORMATS = {
  mp3: { type: 'audio/mpeg', ext: 'mp3', ffprobe: [], sox: null },
  wav: { type: 'audio/wav', ext: 'wav', ffprobe: [], sox: [] },
  pcm_16000: {
    type: 'audio/pcm;rate=16000;channels=1;bits=16;endianness=little',
    ext: 'pcm',
    ffprobe: ['-f', 's16le', '-ar', '16000', '-ac', '1'],
    sox: ['-t', 'raw', '-e', 'signed-integer', '-b', '16', '-L', '-r', '16000', '-c', '1'],
  },
  pcm_24000: {
    type: 'audio/pcm;rate=24000;channels=1;bits=16;endianness=little',
    ext: 'pcm',
    ffprobe: ['-f', 's16le', '-ar', '24000', '-ac', '1'],
    sox: ['-t', 'raw', '-e', 'signed-integer', '-b', '16', '-L', '-r', '24000', '-c', '1'],
  },
  ulaw_8000: { type: 'audio/basic', ext: 'ulaw', ffprobe: ['-f', 'mulaw', '-ar', '8000', '-ac', '1'], sox: ['-t', 'ul', '-r', '8000', '-c', '1'] },
} as const;

async function ffprobeSeconds(path: string, options: readonly string[]): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', ...options, '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number(stdout.trim());
}

/** sox decodes every sample (`stat` reads to the end), so this checks the bytes are the audio, not just the size. */
async function soxDecode(path: string, options: readonly string[]): Promise<{ seconds: number; rms: number }> {
  const { stderr } = await run('sox', [...options, path, '-n', 'stat']);
  const field = (name: string) => Number(new RegExp(`${name}:\\s+([-0-9.e]+)`).exec(stderr)?.[1]);
  return { seconds: field('Length \\(seconds\\)'), rms: field('RMS\\s+amplitude') };
}

// Long enough (~18 s) that an MP3's encoder delay and last-frame padding (~60–100 ms at 16–22 kHz, which
// ffprobe counts) stay well inside 1 %.
const PARAGRAPH =
  'Every format carries the same speech. This paragraph is long enough that a few milliseconds of encoder padding ' +
  'stay well inside one percent, and it has a comma, a question? And an ending. The second half repeats the idea ' +
  'in other words: whatever the container or the sample rate, the duration and the bill do not change.';

describe('POST /v1/voice/synthesize formats', () => {
  it('serves mp3, wav, pcm_16000, pcm_24000 and ulaw_8000 with their content type and extension; each decodes to the reported duration ±1 %, billed the same', async () => {
    const { auth, accountId } = await createTestAccount(svc.rt, 'pro');
    const results: Spoken[] = [];
    for (const [format, expected] of Object.entries(FORMATS)) {
      const result = await synthesize(svc, auth, { text: PARAGRAPH, format });
      results.push(result);
      expect(result.format).toBe(format);
      expect(result.content_type).toBe(expected.type);
      expect(new URL(result.audio_url).pathname).toMatch(new RegExp(`^/cdn/audio/tts_[a-z0-9]{20}\\.${expected.ext}$`));

      const res = await fetchCdn(svc, result.audio_url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(expected.type);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const path = join(dir, `${result.id}.${expected.ext}`);
      await writeFile(path, bytes);

      const [file] = await svc.rt.db.select().from(cdnFiles).where(eq(cdnFiles.sourceId, result.id));
      expect(file!.contentType).toBe(expected.type);
      expect(file!.sizeBytes).toBe(bytes.length);
      expect(file!.storageKey.endsWith(`.${expected.ext}`)).toBe(true);

      const probed = await ffprobeSeconds(path, expected.ffprobe);
      expect(Math.abs(probed - result.duration_seconds) / result.duration_seconds, `${format} by ffprobe: ${probed} s`).toBeLessThan(0.01);
      if (expected.sox) {
        const decoded = await soxDecode(path, expected.sox);
        expect(Math.abs(decoded.seconds - result.duration_seconds) / result.duration_seconds, `${format} by sox: ${decoded.seconds} s`).toBeLessThan(0.01);
        expect(decoded.rms, format).toBeGreaterThan(0.02);
      }
    }
    // Same speech, same length and bill whatever the container or rate.
    const durations = new Set(results.map((r) => r.duration_seconds));
    expect(durations.size).toBe(1);
    expect(results[0]!.duration_seconds).toBeGreaterThan(6);
    const bills = await Promise.all(results.map((r) => svc.rt.db.select().from(usageLedger).where(eq(usageLedger.sourceId, r.id))));
    for (const bill of bills) {
      expect(bill).toHaveLength(1);
      expect(bill[0]!.quantity).toBe(Math.ceil(results[0]!.duration_seconds));
      expect(bill[0]!.accountId).toBe(accountId);
    }
    // No words unless asked.
    for (const r of results) expect(r.words).toBeUndefined();
  });

  it('400 invalid_parameter for an unknown format or a timestamps that is not a boolean, naming the field and the choices', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const post = (body: object) => svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'Hello.', ...body }, auth));
    for (const format of ['ogg', 'MP3', 'pcm_44100', '', 3, null]) {
      const res = await post({ format });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.message).toMatch(/format/);
      // null counts as missing in this API (decisions.md), so it is "required" rather than a bad choice.
      if (format !== null) expect(body.error.message).toMatch(/mp3, wav, pcm_16000, pcm_24000, ulaw_8000/);
    }
    for (const timestamps of ['yes', 1, null]) {
      const res = await post({ timestamps });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.message).toMatch(/timestamps/);
    }
  });

  it('the OpenAPI document lists the formats, timestamps, and the words and content type of the answer', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    const op = doc.paths['/v1/voice/synthesize'].post;
    const body = op.requestBody.content['application/json'].schema;
    expect(body.properties.format.enum).toEqual(['mp3', 'wav', 'pcm_16000', 'pcm_24000', 'ulaw_8000']);
    expect(body.properties.format.default).toBe('mp3');
    expect(body.properties.timestamps.type).toBe('boolean');
    const answer = op.responses['200'].content['application/json'].schema;
    expect(answer.required).toEqual(expect.arrayContaining(['format', 'content_type', 'duration_seconds']));
    expect(answer.properties.words.items.required).toEqual(['word', 'start', 'end']);
  });
});
