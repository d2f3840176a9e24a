import { setTimeout as sleep } from 'node:timers/promises';
import { currentRssMiB, peakRssMiB, stopChild } from '../lib/processes';
import { prose } from '../lib/english';
import type { BenchContext, Scenario, ScenarioOutput, Timing } from '../lib/types';

const SHORT_RUNS = 5;
const LONG_WORDS = 20_000;
const LONG_TIMEOUT_MS = 15 * 60_000;

interface Spoken {
  wallS: number;
  audioS: number;
}

/** POST /v1/voice/synthesize and, if it answers 202, poll the job link until the result is there. */
async function speak(ctx: BenchContext, text: string, timeoutMs: number): Promise<Spoken> {
  const headers = { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' };
  const started = performance.now();
  let res = await fetch(`${ctx.apiUrl}/v1/voice/synthesize`, { method: 'POST', headers, body: JSON.stringify({ text, language: 'en' }) });
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
 * (VmHWM) is the synthesis's own, not the API's or the other queues'.
 */
export const voiceSynthesis: Scenario = {
  name: 'voice: POST /v1/voice/synthesize',
  kind: 'group',
  description: '600-word synthesis wall time and real-time factor; worker peak memory for 20,000 words',
  async run(ctx): Promise<ScenarioOutput> {
    const worker = ctx.startChild('kiln worker (voice)', ['src/main.ts', 'worker'], { ...ctx.kilnEnv, WORKER_QUEUES: 'voice' });
    try {
      await speak(ctx, 'Warming up the voice worker.', 60_000);
      const idleMiB = await currentRssMiB(worker);
      const text = prose(600, 600);
      const runs: Spoken[] = [];
      for (let i = 0; i < SHORT_RUNS; i++) runs.push(await speak(ctx, text, 60_000));
      ctx.say(`600 words: ${runs.map((r) => `${r.wallS.toFixed(2)} s for ${r.audioS.toFixed(1)} s of audio`).join('; ')}`);

      const long = prose(20_000, LONG_WORDS);
      const longRun = await speak(ctx, long, LONG_TIMEOUT_MS);
      const peak = await peakRssMiB(worker);
      ctx.say(
        `${LONG_WORDS} words (${long.length} characters): ${longRun.wallS.toFixed(1)} s for ${longRun.audioS.toFixed(0)} s of audio; worker RSS ${idleMiB.toFixed(0)} MiB idle, peak ${peak.toFixed(0)} MiB`,
      );

      const timings: Timing[] = [
        {
          label: 'voice: synthesize 600 words (API, sync)',
          description: `POST /v1/voice/synthesize of a 600-word English text (${text.length} characters), answered with the MP3 link; ${SHORT_RUNS} runs in a row`,
          samplesS: runs.map((r) => r.wallS),
          ok: true,
          targets: [{ stat: 'median', op: '<', value: 3 }],
        },
        {
          label: '  real-time factor, 600 words',
          description: 'seconds of audio produced per second of wall time, same runs',
          samplesS: runs.map((r) => r.audioS / r.wallS),
          unit: '×',
          ok: true,
        },
        {
          label: 'voice: worker peak RSS, 20,000 words',
          description: `VmHWM of the voice worker process after synthesising ${LONG_WORDS} words (${longRun.audioS.toFixed(0)} s of audio in ${longRun.wallS.toFixed(1)} s; ${(longRun.audioS / longRun.wallS).toFixed(1)}× real time); ${idleMiB.toFixed(0)} MiB when idle`,
          samplesS: [peak],
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
