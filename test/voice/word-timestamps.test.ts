import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSpeechProvider, defaultVoiceFor } from '../../src/engines/voice';
import { readWavPcm } from '../../src/engines/voice/wav';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';

let svc: TestService;
let workers: WorkerSet;
let dir: string;

beforeAll(async () => {
  svc = await startTestService();
  workers = await startWorkers(svc.rt, { queues: ['voice'] });
  dir = await mkdtemp(join(tmpdir(), 'kiln-voice-words-'));
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
  await rm(dir, { recursive: true, force: true });
});

interface Word {
  word: string;
  start: number;
  end: number;
}
interface Spoken {
  id: string;
  audio_url: string;
  duration_seconds: number;
  words?: Word[];
}

async function synthesize(auth: Record<string, string>, body: object): Promise<Spoken> {
  const res = await svc.app.request('/v1/voice/synthesize', jsonRequest(body, auth));
  const json = await res.json();
  if (res.status !== 200) throw new Error(`synthesize answered ${res.status}: ${JSON.stringify(json)}`);
  return json as Spoken;
}

async function download(result: Spoken): Promise<Uint8Array> {
  const u = new URL(result.audio_url);
  const res = await svc.app.request(u.pathname + u.search);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * The test's own judge, independent of the aligner: 5 ms frames, and an onset wherever the level rises
 * above 30 dB under the loud frames after at least 100 ms below it.
 */
function onsets(pcm: Int16Array, rate: number): number[] {
  const frame = Math.round(rate * 0.005);
  const levels: number[] = [];
  for (let i = 0; i + frame <= pcm.length; i += frame) {
    let sum = 0;
    for (let j = i; j < i + frame; j++) sum += ((pcm[j] as number) / 32768) ** 2;
    levels.push(10 * Math.log10(sum / frame + 1e-10));
  }
  const loud = [...levels].sort((a, b) => a - b)[Math.floor(levels.length * 0.95)] as number;
  const threshold = loud - 30;
  const found: number[] = [];
  let quiet = Infinity;
  for (let i = 0; i < levels.length; i++) {
    if ((levels[i] as number) > threshold) {
      if (quiet >= 20) found.push(i * 0.005);
      quiet = 0;
    } else quiet++;
  }
  return found;
}

function pcm16(bytes: Uint8Array): Int16Array {
  const copy = bytes.slice();
  return new Int16Array(copy.buffer, 0, copy.length >> 1);
}

const ISOLATED = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Apple', 'Orange', 'Yellow', 'Window', 'Tomorrow'];
const ISOLATED_TEXT = ISOLATED.map((w) => `${w}.`).join(' ');

function expectWordsOnOnsets(words: Word[], found: number[], what: string) {
  expect(words.map((w) => w.word)).toEqual(ISOLATED);
  // One onset per word said apart, so the judge itself is sound.
  expect(found, what).toHaveLength(ISOLATED.length);
  words.forEach((w, i) => {
    expect(Math.abs(w.start - (found[i] as number)), `${what}: "${w.word}" at ${w.start} s, onset at ${found[i]} s`).toBeLessThanOrEqual(0.15);
    expect(w.end).toBeGreaterThan(w.start);
  });
}

describe('word timestamps', () => {
  it('for words said apart, every word starts within 150 ms of its onset in the returned WAV; stored with the job', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const result = await synthesize(auth, { text: ISOLATED_TEXT, format: 'wav', timestamps: true });
    const pcm = readWavPcm(await download(result), 22_050);
    expectWordsOnOnsets(result.words!, onsets(pcm, 22_050), 'wav at 1.0×');
    const again = await (await svc.app.request(`/v1/jobs/${result.id}`, { headers: auth })).json();
    expect(again.words).toEqual(result.words);
  });

  // Not faster: from about 1.5× espeak-ng leaves only 20–40 ms between sentences, too little for an
  // onset judge that must also ignore stop closures inside words.
  it('counts in playback time of the file as returned: at speed 1.25, resampled to bare 16 kHz PCM', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const normal = await synthesize(auth, { text: ISOLATED_TEXT, format: 'pcm_16000', timestamps: true });
    const fast = await synthesize(auth, { text: ISOLATED_TEXT, format: 'pcm_16000', timestamps: true, speed: 1.25 });
    expectWordsOnOnsets(fast.words!, onsets(pcm16(await download(fast)), 16_000), 'pcm_16000 at 1.25×');
    expect(fast.words!.at(-1)!.start).toBeLessThan(normal.words!.at(-1)!.start * 0.85);
  });

  it('in running speech, gives every word once, in order, inside the audio', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const text =
      'Captions need times for each word. Kiln finds them from the audio itself, so any voice works; even numbers like 1999 and names like Zoë count.';
    const result = await synthesize(auth, { text, timestamps: true });
    const words = result.words!;
    expect(words.map((w) => w.word).join(' ')).toBe(text.match(/[\p{L}\p{N}]+/gu)!.join(' '));
    for (let i = 0; i < words.length; i++) {
      expect(words[i]!.end).toBeGreaterThan(words[i]!.start);
      if (i > 0) expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
    }
    expect(words.at(-1)!.end).toBeLessThanOrEqual(result.duration_seconds);
  });

  it('across chunk boundaries: the engine speaking four words at a time still lands each word on its onset', async () => {
    const provider = createLocalSpeechProvider({ maxChunkChars: 24 });
    const path = join(dir, 'chunked.wav');
    const spoken = await provider.synthesize(
      { text: ISOLATED_TEXT, language: 'en', voice: defaultVoiceFor('en')!, speed: 1, format: 'wav', timestamps: true },
      path,
    );
    expectWordsOnOnsets(spoken.words!, onsets(readWavPcm(await readFile(path), 22_050), 22_050), 'chunked wav');
  });
});
