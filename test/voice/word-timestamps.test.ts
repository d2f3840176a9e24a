import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSpeechProvider, defaultVoiceFor } from '../../src/engines/voice';
import { readWavPcm } from '../../src/engines/voice/wav';
import { createTestAccount, type TestService } from '../support/runtime';
import { fetchCdn, type Spoken, type SpokenWord as Word, synthesize, startVoiceService } from './helpers';

let svc: TestService;
let stopService: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  ({ svc, close: stopService } = await startVoiceService());
  dir = await mkdtemp(join(tmpdir(), 'kiln-voice-words-'));
});
afterAll(async () => {
  await stopService();
  await rm(dir, { recursive: true, force: true });
});

async function download(result: Spoken): Promise<Uint8Array> {
  const res = await fetchCdn(svc, result.audio_url);
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

/**
 * Every onset the judge finds has its own word starting within 150 ms of it, and the judge finds all
 * the words but at most `unseparated` (espeak-ng pauses after every one of these sentences; Flite now
 * and then runs two of them together, and the judge cannot see an onset without a silence before it).
 */
function expectWordsOnOnsets(words: Word[], found: number[], what: string, unseparated = 0) {
  expect(words.map((w) => w.word)).toEqual(ISOLATED);
  expect(found.length, `${what}: onsets at ${found.join(', ')}`).toBeGreaterThanOrEqual(ISOLATED.length - unseparated);
  expect(found.length, `${what}: onsets at ${found.join(', ')}`).toBeLessThanOrEqual(ISOLATED.length);
  const used = new Set<number>();
  for (const onset of found) {
    const nearest = words.reduce((best, w, i) => (Math.abs(w.start - onset) < Math.abs((words[best] as Word).start - onset) ? i : best), 0);
    const word = words[nearest] as Word;
    expect(Math.abs(word.start - onset), `${what}: onset at ${onset} s, nearest word "${word.word}" at ${word.start} s`).toBeLessThanOrEqual(0.15);
    expect(used.has(nearest), `${what}: two onsets on "${word.word}"`).toBe(false);
    used.add(nearest);
  }
  for (const w of words) expect(w.end).toBeGreaterThan(w.start);
}

/** The rate of a WAV from its header: the default English voice's engine decides it (espeak-ng 22,050 Hz, Flite 16,000). */
function wavRate(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(24, true);
}

describe('word timestamps', () => {
  it('for words said apart, each starts within 150 ms of its onset in the returned WAV (whatever the English engine); stored with the job', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const result = await synthesize(svc, auth, { text: ISOLATED_TEXT, format: 'wav', timestamps: true });
    const wav = await download(result);
    const rate = wavRate(wav);
    expectWordsOnOnsets(result.words!, onsets(readWavPcm(wav, rate), rate), 'wav at 1.0×', 2);
    const again = await (await svc.app.request(`/v1/jobs/${result.id}`, { headers: auth })).json();
    expect(again.words).toEqual(result.words);
  });

  // Not faster: from about 1.5× espeak-ng leaves only 20–40 ms between sentences, too little for an
  // onset judge that must also ignore stop closures inside words.
  it('counts in playback time of the file as returned: at speed 1.25, resampled to bare 16 kHz PCM', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const normal = await synthesize(svc, auth, { text: ISOLATED_TEXT, format: 'pcm_16000', timestamps: true });
    const fast = await synthesize(svc, auth, { text: ISOLATED_TEXT, format: 'pcm_16000', timestamps: true, speed: 1.25 });
    expectWordsOnOnsets(fast.words!, onsets(pcm16(await download(fast)), 16_000), 'pcm_16000 at 1.25×', 2);
    expect(fast.words!.at(-1)!.start).toBeLessThan(normal.words!.at(-1)!.start * 0.85);
  });

  it('in running speech, gives every word once, in order, inside the audio', async () => {
    const { auth } = await createTestAccount(svc.rt, 'pro');
    const text =
      'Captions need times for each word. Kiln finds them from the audio itself, so any voice works; even numbers like 1999 and names like Zoë count.';
    const result = await synthesize(svc, auth, { text, timestamps: true });
    const words = result.words!;
    expect(words.map((w) => w.word).join(' ')).toBe(text.match(/[\p{L}\p{N}]+/gu)!.join(' '));
    for (let i = 0; i < words.length; i++) {
      expect(words[i]!.end).toBeGreaterThan(words[i]!.start);
      if (i > 0) expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
    }
    expect(words.at(-1)!.end).toBeLessThanOrEqual(result.duration_seconds);
  });

  it('across chunk boundaries: espeak-ng speaking four words at a time lands every one of 15 words within 150 ms of its onset', async () => {
    const provider = createLocalSpeechProvider({ maxChunkChars: 24 });
    const path = join(dir, 'chunked.wav');
    // Spanish, so espeak-ng speaks it whichever engine English has; it pauses after every sentence, so every word is seen.
    const spanish = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis', 'Siete', 'Ocho', 'Nueve', 'Diez', 'Manzana', 'Naranja', 'Amarillo', 'Ventana', 'Mañana'];
    const spoken = await provider.synthesize(
      { text: spanish.map((w) => `${w}.`).join(' '), language: 'es', voice: defaultVoiceFor('es')!, speed: 1, format: 'wav', timestamps: true },
      path,
    );
    const wav = await readFile(path);
    expect(spoken.words!.map((w) => w.word)).toEqual(spanish);
    expectWordsOnOnsets(
      spoken.words!.map((w, i) => ({ ...w, word: ISOLATED[i]! })),
      onsets(readWavPcm(wav, wavRate(wav)), wavRate(wav)),
      'chunked Spanish wav',
    );
  });
});
