/**
 * `npm run eval:speech`: how intelligible the built-in English voices are, as word error rate (WER) of
 * a speech recogniser on what they say.
 *
 * One run: CMU pocketsphinx from Debian (`pocketsphinx` + `pocketsphinx-en-us`, installed here with
 * apt-get when missing and running as root) → each English built-in voice, through the engine it
 * uses for English (Flite), speaks each of the 50 sentences of scripts/eval/speech/sentences.ts, plus
 * espeak-ng's plain `en-us` voice for comparison → each sentence's PCM, at 16 kHz (espeak's 22,050 Hz
 * resampled), goes to `pocketsphinx_batch` with the US English acoustic model, language model and
 * dictionary → WER per voice over all 50 sentences (word edit distance / reference words, normalised
 * as scripts/eval/speech/wer.ts says) → table, worst sentences, target checks; temp files removed.
 * Exit 1 when a target is missed.
 *
 * Targets: the default English voice ≤ 0.15; every English built-in voice ≤ 0.30.
 *
 * pocketsphinx is a fair relative judge of intelligibility, not of naturalness; it has its own
 * errors (names, homophones), which weigh on every voice alike. Deterministic: the engines and the
 * recogniser give the same output for the same input.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { resample } from '../src/engines/voice/analysis/resample';
import { BUILTIN_VOICES, defaultVoiceFor, voiceSpeaks } from '../src/engines/voice/catalogue';
import type { ChunkEngine, ChunkVoice } from '../src/engines/voice/chunk-engine';
import { speechEngineFor } from '../src/engines/voice/engine-choice';
import { espeakEngine } from '../src/engines/voice/espeak';
import { fliteEngine } from '../src/engines/voice/flite/flite-engine';
import type { VoiceSettings } from '../src/engines/voice/types';
import { reportTargets, runEval, say, secs } from './eval/run-eval';
import { SENTENCES } from './eval/speech/sentences';
import { normalizeWords, wordErrorRate } from './eval/speech/wer';

const MODEL = '/usr/share/pocketsphinx/model/en-us';
const RATE = 16_000;
const DEFAULT_TARGET = 0.15;
const EVERY_TARGET = 0.3;

interface Speaker {
  label: string;
  engine: ChunkEngine;
  voice: ChunkVoice;
  note: string;
}

interface Outcome {
  speaker: Speaker;
  errors: number;
  words: number;
  worst: { index: number; wer: number; heard: string }[];
  ms: number;
}

function onPath(bin: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, bin), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** pocketsphinx and its US English model, from Debian, as scripts/ensure-test-tools.mjs installs tools. */
function ensurePocketsphinx(): void {
  if (onPath('pocketsphinx_batch') && existsSync(join(MODEL, 'en-us.lm.bin'))) return;
  const command = 'apt-get install -y pocketsphinx pocketsphinx-en-us';
  if (process.getuid?.() !== 0 || !onPath('apt-get')) throw new Error(`the eval needs pocketsphinx: install it with \`sudo ${command}\``);
  say(`installing pocketsphinx for the eval (${command})`);
  const run = (args: string[]) =>
    spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  if (!(run(['update', '-qq']) && run(['install', '-y', '-qq', 'pocketsphinx', 'pocketsphinx-en-us'])) || !onPath('pocketsphinx_batch')) {
    throw new Error(`could not install pocketsphinx: run \`${command}\` and try again`);
  }
}

function wav16(pcm: Int16Array): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.byteLength, 40);
  return Buffer.concat([header, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength)]);
}

async function speak(speaker: Speaker, text: string): Promise<Int16Array> {
  const pieces: Int16Array[] = [];
  await speaker.engine.speak(text, speaker.voice, (pcm) => pieces.push(pcm.slice()));
  const all = new Int16Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    all.set(p, at);
    at += p.length;
  }
  if (speaker.engine.sampleRate === RATE) return all;
  const resampled = resample(
    Float32Array.from(all, (s) => s / 32768),
    speaker.engine.sampleRate,
    RATE,
  );
  return Int16Array.from(resampled, (s) => Math.max(-32768, Math.min(32767, Math.round(s * 32768))));
}

/** Speaks every sentence into `dir`, recognises them in one pocketsphinx_batch run, and scores. */
async function evaluate(speaker: Speaker, dir: string): Promise<Outcome> {
  const started = performance.now();
  const ids = SENTENCES.map((_, i) => `s${String(i + 1).padStart(2, '0')}`);
  // As many sentences at once as the engine has cores for (Flite's two child processes).
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < SENTENCES.length; i = next++) {
      writeFileSync(join(dir, `${ids[i]}.wav`), wav16(await speak(speaker, (SENTENCES[i] as { text: string }).text)));
    }
  };
  await Promise.all(Array.from({ length: speaker.engine.parallelism }, worker));
  writeFileSync(join(dir, 'ctl'), `${ids.join('\n')}\n`);
  const hypPath = join(dir, 'hyp');
  const r = spawnSync(
    'pocketsphinx_batch',
    [
      ...['-ctl', join(dir, 'ctl'), '-cepdir', dir, '-cepext', '.wav', '-adcin', 'yes', '-adchdr', '44'],
      ...['-hmm', join(MODEL, 'en-us'), '-lm', join(MODEL, 'en-us.lm.bin'), '-dict', join(MODEL, 'cmudict-en-us.dict')],
      ...['-hyp', hypPath, '-logfn', '/dev/null'],
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`pocketsphinx_batch failed for ${speaker.label}: ${r.stderr?.slice(-500)}`);
  // One line per utterance: `words … (id score)`.
  const heard = new Map<string, string>();
  for (const line of (await readFile(hypPath, 'utf8')).split('\n')) {
    const m = /^(.*)\((s\d+)\s+-?\d+\)\s*$/.exec(line);
    if (m) heard.set(m[2] as string, (m[1] as string).trim());
  }
  let errors = 0;
  let words = 0;
  const per: Outcome['worst'] = [];
  for (const [i, sentence] of SENTENCES.entries()) {
    const hyp = heard.get(ids[i] as string) ?? '';
    const w = wordErrorRate(sentence.spoken, hyp);
    errors += w.errors;
    words += w.words;
    per.push({ index: i, wer: w.wer, heard: hyp });
  }
  per.sort((a, b) => b.wer - a.wer);
  return { speaker, errors, words, worst: per.filter((p) => p.wer > 0).slice(0, 3), ms: performance.now() - started };
}

function speakers(): Speaker[] {
  const english = BUILTIN_VOICES.filter((v) => voiceSpeaks(v, 'en'));
  const list: Speaker[] = english.map((v) => {
    const engineName = speechEngineFor(v.settings, 'en');
    const f = v.settings.flite;
    return {
      label: v.id,
      engine: engineName === 'flite' ? fliteEngine() : espeakEngine,
      voice: { espeakVoice: 'en-us', settings: v.settings, speed: 1 },
      note: f ? `flite ${f.voice}${f.f0MeanHz ? `, F0 ${f.f0MeanHz} Hz` : ''}${f.durationStretch !== 1 ? `, stretch ${f.durationStretch}` : ''}` : 'espeak-ng',
    };
  });
  const plain: VoiceSettings = { pitch: 50, pitchRange: 50, wordsPerMinute: 175 };
  list.push({
    label: 'espeak-ng en-us (comparison)',
    engine: espeakEngine,
    voice: { espeakVoice: 'en-us', settings: plain, speed: 1 },
    note: 'espeak-ng, -p 50 -P 50 -s 175',
  });
  return list;
}

let workDir: string | undefined;

await runEval({
  cleanup: async () => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  },
  leftBehind: () => workDir ?? 'nothing',
  main: async (run) => {
    ensurePocketsphinx();
    workDir = mkdtempSync(join(tmpdir(), 'kiln-eval-speech-'));
    const refWords = SENTENCES.reduce((n, s) => n + normalizeWords(s.spoken).length, 0);
    say(`eval:speech: ${SENTENCES.length} sentences (${refWords} words), pocketsphinx_batch with ${MODEL}`);
    const outcomes: Outcome[] = [];
    for (const speaker of speakers()) {
      if (run.interrupted) break;
      const dir = mkdtempSync(join(workDir, 'voice-'));
      const outcome = await evaluate(speaker, dir);
      outcomes.push(outcome);
      say(`  ${speaker.label.padEnd(30)} WER ${(outcome.errors / outcome.words).toFixed(3)}  (${speaker.note}; ${secs(outcome.ms)})`);
    }

    say();
    say('| voice | engine | WER |');
    say('|---|---|---|');
    for (const o of outcomes) say(`| ${o.speaker.label} | ${o.speaker.note} | ${(o.errors / o.words).toFixed(3)} |`);
    say();
    say('Worst sentences per voice (reference → heard):');
    for (const o of outcomes) {
      for (const w of o.worst) say(`  ${o.speaker.label}: ${(SENTENCES[w.index] as { spoken: string }).spoken} → ${w.heard || '(nothing)'}`);
    }

    const defaultId = defaultVoiceFor('en')?.id;
    const english = outcomes.filter((o) => !o.speaker.label.startsWith('espeak-ng'));
    const def = english.find((o) => o.speaker.label === defaultId);
    const werOf = (o: Outcome) => o.errors / o.words;
    const worst = english.reduce<Outcome | undefined>((a, b) => (!a || werOf(b) > werOf(a) ? b : a), undefined);
    return reportTargets([
      {
        name: `default English voice (${defaultId}) WER ≤ ${DEFAULT_TARGET}`,
        pass: !!def && werOf(def) <= DEFAULT_TARGET,
        display: def ? werOf(def).toFixed(3) : 'not measured',
      },
      {
        name: `every English built-in voice WER ≤ ${EVERY_TARGET}`,
        pass: !!worst && english.length === outcomes.length - 1 && werOf(worst) <= EVERY_TARGET,
        display: worst ? `worst ${worst.speaker.label} ${werOf(worst).toFixed(3)}` : 'not measured',
      },
    ]);
  },
});
