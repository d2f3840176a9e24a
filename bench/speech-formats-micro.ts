/**
 * In-process cost of the speech output formats and word timestamps, against plain MP3 in the same run:
 * the built-in engine speaks one 600-word English text into each format, rounds interleaved so a busy
 * machine slows every format alike; then the resampler alone, in seconds of audio per second.
 * Run with `node --import tsx bench/speech-formats-micro.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIO_FORMATS, createLocalSpeechProvider, defaultVoiceFor, type AudioFormat } from '../src/engines/voice';
import { Resampler } from '../src/engines/voice/resampler';
import { prose } from './lib/english';

const ROUNDS = 3;
const text = prose(600, 600);
const provider = createLocalSpeechProvider();
const voice = defaultVoiceFor('en');
if (!voice) throw new Error('no English voice');
const dir = await mkdtemp(join(tmpdir(), 'kiln-bench-formats-'));

type Case = { format: AudioFormat; timestamps: boolean };
const cases: Case[] = [...AUDIO_FORMATS.map((format) => ({ format, timestamps: false })), { format: 'mp3', timestamps: true }];
const label = (c: Case) => `${c.format}${c.timestamps ? ' + timestamps' : ''}`;
const times = new Map<string, number[]>();
let audioSeconds = 0;
try {
  await provider.synthesize({ text: 'Warming up.', language: 'en', voice, speed: 1 }, join(dir, 'warm.mp3'));
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      const started = performance.now();
      const result = await provider.synthesize({ text, language: 'en', voice, speed: 1, ...c }, join(dir, `out.${c.format}`));
      const list = times.get(label(c)) ?? [];
      list.push((performance.now() - started) / 1000);
      times.set(label(c), list);
      audioSeconds = result.durationSeconds;
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const reference = median(times.get('mp3') ?? [1]);
process.stdout.write(`600 words, ${audioSeconds.toFixed(1)} s of audio, median of ${ROUNDS}; load average ${loadavg()[0]?.toFixed(1)}\n`);
for (const [name, list] of times) {
  process.stdout.write(`${name.padEnd(18)} ${median(list).toFixed(2)} s  ×${(median(list) / reference).toFixed(2)} of mp3\n`);
}

const minute = new Int16Array(22_050 * 60).map((_, i) => Math.round(8000 * Math.sin(i / 7) + 4000 * Math.sin(i / 3.1)));
for (const to of [8_000, 16_000, 24_000]) {
  const started = performance.now();
  const r = new Resampler(22_050, to);
  for (let i = 0; i < minute.length; i += 1323) r.push(minute.subarray(i, i + 1323));
  r.end();
  const s = (performance.now() - started) / 1000;
  process.stdout.write(`resample 22,050 → ${to} Hz: ${(60 / s).toFixed(0)} s of audio per second\n`);
}
