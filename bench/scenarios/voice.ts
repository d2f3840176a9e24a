import { setTimeout as sleep } from 'node:timers/promises';
import { currentRssMiB, peakRssMiB, sampleTreePeak, stopChild, treeRssMiB } from '../lib/processes';
import { prose } from '../lib/english';
import type { BenchContext, Scenario, ScenarioOutput, Timing } from '../lib/types';

const SHORT_RUNS = 5;
const LONG_WORDS = 20_000;
const LONG_TIMEOUT_MS = 15 * 60_000;

interface Spoken {
  wallS: number;
  audioS: number;
}

/**
 * The espeak-ng reference: English text read with the German voice, since every English voice is
 * Flite now. espeak's cost per character barely depends on the language's rules, so this times the
 * espeak path on the same text (it does not sound like English, and is not meant to).
 */
const ESPEAK = { language: 'de', voice_id: 'voice_de_anna' };

/** POST /v1/voice/synthesize and, if it answers 202, poll the job link until the result is there. */
async function speak(ctx: BenchContext, text: string, timeoutMs: number, voice: object = { language: 'en' }): Promise<Spoken> {
  const headers = { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' };
  const started = performance.now();
  let res = await fetch(`${ctx.apiUrl}/v1/voice/synthesize`, { method: 'POST', headers, body: JSON.stringify({ text, ...voice }) });
  const deadline = Date.now() + timeoutMs;
  while (res.status === 202 && Date.now() < deadline) {
    await sleep(250);
    res = await fetch(`${ctx.apiUrl}${res.headers.get('location') ?? ''}`, { headers: { authorization: headers.authorization } });
    if (res.status === 202) await res.arrayBuffer();
  }
  const wallS = (performance.now() - started) / 1000;
  const body = (await res.json()) as { duration_seconds?: number; error?: { message: string } };
  if (res.status !== 200 || typeof body.duration_seconds !== 'number')
    throw new Error(`synthesis answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { wallS, audioS: body.duration_seconds };
}

/**
 * Speech through the whole API path (validate, row, queue, WASM synthesis + MP3 encode in a worker,
 * store, bill, answer). The voice queue runs in its own worker process here, so its peak memory
 * (VmHWM) is the synthesis's own, not the API's or the other queues'. The default English voice is
 * Flite, which runs in child processes of the worker (up to two): their memory is counted with the
 * worker's, sampled as the tree's total resident memory while the long text is spoken.
 */
export const voiceSynthesis: Scenario = {
  name: 'voice: POST /v1/voice/synthesize',
  kind: 'group',
  description: '600-word synthesis wall time (Flite default English voice, and espeak-ng) and real-time factor; worker peak memory for 20,000 words',
  async run(ctx): Promise<ScenarioOutput> {
    const text = prose(600, 600);
    // espeak-ng first, in a worker of its own: each engine thread keeps an espeak instance (~100 MB
    // with its WASM memory), so espeak runs before the Flite ones would count against Flite's peak.
    const espeakWorker = ctx.startChild('kiln worker (voice, espeak-ng)', ['src/main.ts', 'worker'], { ...ctx.kilnEnv, WORKER_QUEUES: 'voice' });
    const espeakRuns: Spoken[] = [];
    let espeakPeak: number;
    try {
      await speak(ctx, 'Warming up the voice worker.', 60_000, ESPEAK);
      for (let i = 0; i < SHORT_RUNS; i++) espeakRuns.push(await speak(ctx, text, 60_000, ESPEAK));
      espeakPeak = await peakRssMiB(espeakWorker);
      ctx.say(
        `600 words, espeak-ng: ${espeakRuns.map((r) => `${r.wallS.toFixed(2)} s for ${r.audioS.toFixed(1)} s of audio`).join('; ')}; worker peak ${espeakPeak.toFixed(0)} MiB`,
      );
    } finally {
      await stopChild(espeakWorker, 5_000);
    }

    const worker = ctx.startChild('kiln worker (voice)', ['src/main.ts', 'worker'], { ...ctx.kilnEnv, WORKER_QUEUES: 'voice' });
    try {
      await speak(ctx, 'Warming up the voice worker.', 60_000);
      const idleMiB = await currentRssMiB(worker);
      const runs: Spoken[] = [];
      for (let i = 0; i < SHORT_RUNS; i++) runs.push(await speak(ctx, text, 60_000));
      ctx.say(`600 words, Flite: ${runs.map((r) => `${r.wallS.toFixed(2)} s for ${r.audioS.toFixed(1)} s of audio`).join('; ')}`);

      const pid = worker.proc.pid as number;
      const idleTreeMiB = await treeRssMiB(pid);
      const long = prose(20_000, LONG_WORDS);
      const sampler = sampleTreePeak(pid);
      let longRun: Spoken;
      let treePeak: number;
      try {
        longRun = await speak(ctx, long, LONG_TIMEOUT_MS);
      } finally {
        treePeak = await sampler.stop();
      }
      const peak = await peakRssMiB(worker);
      ctx.say(
        `${LONG_WORDS} words (${long.length} characters), Flite: ${longRun.wallS.toFixed(1)} s for ${longRun.audioS.toFixed(0)} s of audio; worker RSS ${idleMiB.toFixed(0)} MiB idle, peak ${peak.toFixed(0)} MiB; with its Flite children ${idleTreeMiB.toFixed(0)} MiB before, peak ${treePeak.toFixed(0)} MiB`,
      );

      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
      const timings: Timing[] = [
        {
          label: 'voice: synthesize 600 words, default English voice (Flite, API, sync)',
          description: `POST /v1/voice/synthesize of a 600-word English text (${text.length} characters) with the default English voice (Flite, chunks on up to two child processes), answered with the MP3 link; ${SHORT_RUNS} runs in a row`,
          samplesS: runs.map((r) => r.wallS),
          ok: true,
          targets: [{ stat: 'median', op: '<', value: 5 }],
        },
        {
          label: '  real-time factor, 600 words, Flite',
          description: 'seconds of audio produced per second of wall time, same runs',
          samplesS: runs.map((r) => r.audioS / r.wallS),
          unit: '×',
          ok: true,
        },
        {
          label: 'voice: synthesize 600 words, espeak-ng voice (API, sync)',
          description: `the same text with an espeak-ng voice (${ESPEAK.voice_id}: every English voice is Flite now), in a worker of its own (peak ${espeakPeak.toFixed(0)} MiB) run just before the Flite one; ${SHORT_RUNS} runs in a row`,
          samplesS: espeakRuns.map((r) => r.wallS),
          ok: true,
          targets: [{ stat: 'median', op: '<', value: 3 }],
        },
        {
          label: '  Flite / espeak-ng wall time, 600 words',
          description: 'median Flite run over median espeak-ng run, same text, measured one after the other',
          samplesS: [median(runs.map((r) => r.wallS)) / median(espeakRuns.map((r) => r.wallS))],
          unit: '×',
          ok: true,
        },
        {
          label: 'voice: worker peak RSS, 20,000 words',
          description: `VmHWM of the voice worker process after synthesising ${LONG_WORDS} words with Flite (${longRun.audioS.toFixed(0)} s of audio in ${longRun.wallS.toFixed(1)} s; ${(longRun.audioS / longRun.wallS).toFixed(1)}× real time); ${idleMiB.toFixed(0)} MiB when idle`,
          samplesS: [peak],
          unit: 'MiB',
          ok: true,
          targets: [{ stat: 'max', op: '<', value: 300 }],
        },
        {
          label: '  with its Flite child processes',
          description: `largest total RSS of the worker and its Flite children, sampled every 200 ms during the ${LONG_WORDS}-word run (${idleTreeMiB.toFixed(0)} MiB before it)`,
          samplesS: [treePeak],
          unit: 'MiB',
          ok: true,
          targets: [{ stat: 'max', op: '<', value: 300 }],
        },
      ];
      return { rows: [], timings };
    } finally {
      await stopChild(worker, 5_000);
    }
  },
};
