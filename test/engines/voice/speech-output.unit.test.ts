import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_FORMATS, measureMp3, SpeechOutput, type AudioFormat } from '../../../src/engines/voice';
import { mulawToLinear } from '../../../src/engines/voice/mulaw';
import { readWavPcm } from '../../../src/engines/voice/wav';

/**
 * The output side as a 16 kHz engine (Flite's rate) sees it: PCM of "words" that are 250 ms bursts of a
 * vowel-like tone with 300 ms of silence between them, in two chunks, handed over in uneven pieces.
 */
const RATE = 16_000;
const BURST = 0.25;
const GAP = 0.3;

function burstChunk(words: number): Int16Array {
  const pcm = new Int16Array(Math.round(words * (BURST + GAP) * RATE));
  for (let w = 0; w < words; w++) {
    const start = Math.round(w * (BURST + GAP) * RATE);
    for (let i = 0; i < BURST * RATE; i++) {
      const t = i / RATE;
      pcm[start + i] = Math.round(9000 * Math.sin(2 * Math.PI * 180 * t) + 4000 * Math.sin(2 * Math.PI * 720 * t));
    }
  }
  return pcm;
}

const CHUNKS = [
  { text: 'Alpha. Bravo. Charlie.', pcm: burstChunk(3) },
  { text: 'Delta. Echo.', pcm: burstChunk(2) },
];
const SAMPLES = CHUNKS.reduce((n, c) => n + c.pcm.length, 0);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiln-speech-output-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function speak(format: AudioFormat, timestamps: boolean) {
  const path = join(dir, `out-${format}-${timestamps}`);
  const output = await SpeechOutput.open(path, { format, sampleRate: RATE, timestamps, language: 'en' });
  for (const chunk of CHUNKS) {
    for (let i = 0, size = 333; i < chunk.pcm.length; i += size, size = (size * 5) % 2000 || 7) output.pcm(chunk.pcm.subarray(i, i + size));
    await output.endChunk(chunk.text);
  }
  return { ...(await output.finish()), bytes: await readFile(path) };
}

describe('speech output for a 16 kHz engine', () => {
  it('writes every format at its rate with the engine’s duration: no resampling where the rates agree', async () => {
    const seconds = SAMPLES / RATE;
    for (const format of AUDIO_FORMATS) {
      const out = await speak(format, false);
      expect(out.durationSeconds, format).toBe(seconds);
      expect(out.words, format).toBeUndefined();
      if (format === 'wav') {
        expect(out.bytes.length).toBe(44 + 2 * SAMPLES);
        const pcm = readWavPcm(out.bytes, RATE);
        expect(Array.from(pcm.subarray(0, 100))).toEqual(Array.from(CHUNKS[0]!.pcm.subarray(0, 100)));
      } else if (format === 'pcm_16000') {
        // The engine's own samples, byte for byte.
        const all = new Int16Array(SAMPLES);
        all.set(CHUNKS[0]!.pcm);
        all.set(CHUNKS[1]!.pcm, CHUNKS[0]!.pcm.length);
        expect(Buffer.from(out.bytes).equals(Buffer.from(all.buffer))).toBe(true);
      } else if (format === 'pcm_24000') {
        expect(out.bytes.length).toBe(2 * Math.round(SAMPLES * 1.5));
      } else if (format === 'ulaw_8000') {
        expect(out.bytes.length).toBe(Math.round(SAMPLES / 2));
        // The first burst's level survives the halving of the rate and the companding.
        let sum = 0;
        for (let i = 0; i < 2000; i++) sum += (mulawToLinear(out.bytes[i] as number) / 32768) ** 2;
        expect(Math.sqrt(sum / 2000)).toBeGreaterThan(0.15);
      } else {
        const mp3 = await measureMp3(out.bytes);
        expect(mp3.sampleRate).toBe(RATE);
        // LAME's encoder delay and last-frame padding: about two 36 ms frames at this rate, whatever the length.
        expect(mp3.durationSeconds - seconds).toBeGreaterThanOrEqual(0);
        expect(mp3.durationSeconds - seconds).toBeLessThan(0.12);
      }
      expect(out.bytes.length).toBeGreaterThan(0);
    }
  });

  it('times each word at its burst across chunks, the same in every format', async () => {
    // The second chunk starts right after the first's last gap, so every burst is (BURST + GAP) after the one before.
    const expected = [0, 1, 2, 3, 4].map((i) => i * (BURST + GAP));
    const reference = await speak('wav', true);
    expect(reference.words!.map((w) => w.word)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    reference.words!.forEach((w, i) => {
      expect(Math.abs(w.start - expected[i]!), `${w.word} at ${w.start}`).toBeLessThanOrEqual(0.01);
      expect(Math.abs(w.end - (expected[i]! + BURST)), `${w.word} ends at ${w.end}`).toBeLessThanOrEqual(0.01);
    });
    for (const format of ['mp3', 'ulaw_8000', 'pcm_24000'] as const) expect((await speak(format, true)).words).toEqual(reference.words);
  });

  it('takes word boundaries an engine reports, offset by the chunk’s place in the file', async () => {
    const output = await SpeechOutput.open(join(dir, 'reported.wav'), { format: 'wav', sampleRate: RATE, timestamps: true });
    output.pcm(new Int16Array(RATE));
    await output.endChunk('Hello there.');
    output.pcm(new Int16Array(RATE).fill(1000));
    await output.endChunk('General Kenobi.', [
      { word: 'General', startSample: 800, endSample: 8000 },
      { word: 'Kenobi', startSample: 8000, endSample: 15_000 },
    ]);
    const result = await output.finish();
    expect(result.words!.slice(2)).toEqual([
      { word: 'General', start: 1.05, end: 1.5 },
      { word: 'Kenobi', start: 1.5, end: 1.938 },
    ]);
  });
});
