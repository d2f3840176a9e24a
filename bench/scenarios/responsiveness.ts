import { setTimeout as sleep } from 'node:timers/promises';
import { prose } from '../lib/english';
import { currentRssMiB, freePort, peakRssMiB, stopChild, waitForHttp } from '../lib/processes';
import type { Scenario, ScenarioOutput, Timing } from '../lib/types';

/** Characters of the long synthesis (BENCH_SYNTH_CHARS; the issue's measured case was 990,000). */
const SYNTH_CHARS = Number(process.env.BENCH_SYNTH_CHARS ?? 200_000);
const IDLE_PROBES = 300;
const PROBE_GAP_MS = 20;
const SYNTH_TIMEOUT_MS = 60 * 60_000;

/** One GET /healthz, timed from send to the whole body read; ms. */
async function probeHealth(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(120_000) }).catch((err: Error) => {
    throw new Error(`GET ${url} got no answer: ${err.message}${err.cause ? ` (${(err.cause as Error).message})` : ''}`);
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`/healthz answered ${res.status}`);
  return performance.now() - started;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * Is the single-process service (`src/main.ts all`: API, workers and edge in one process, as `npm
 * start` runs it) still responsive while an engine works flat out? /healthz is probed one request at a
 * time, first idle, then for the whole of a long synthesis (the measured case of the hardening issue:
 * a 990,000-character synthesis held /healthz at up to 12.6 s before engines ran on worker threads).
 * Its own process, so the job is surely taken by it and the peak RSS is the synthesis's.
 */
export const responsiveness: Scenario = {
  name: 'responsiveness: /healthz during a long synthesis (single process)',
  kind: 'group',
  description: '/healthz latency idle vs while a long synthesis runs in the same process; that process peak RSS',
  async run(ctx): Promise<ScenarioOutput> {
    const [port, edgeHttp, edgeHttps] = [await freePort(), await freePort(), await freePort()];
    const apiUrl = `http://127.0.0.1:${port}`;
    const kiln = ctx.startChild('kiln all (responsiveness)', ['src/main.ts', 'all'], {
      ...ctx.kilnEnv,
      WORKER_QUEUES: 'voice',
      // The POST answers 202 at once; the scenario polls the job.
      SYNC_TIMEOUT_MS: '500',
      PORT: String(port),
      PUBLIC_URL: apiUrl,
      EDGE_HTTP_PORT: String(edgeHttp),
      EDGE_HTTPS_PORT: String(edgeHttps),
    });
    try {
      await waitForHttp(kiln, `${apiUrl}/readyz`, 120_000);
      const health = `${apiUrl}/healthz`;
      const idle: number[] = [];
      for (let i = 0; i < IDLE_PROBES; i++) {
        idle.push(await probeHealth(health));
        await sleep(PROBE_GAP_MS);
      }
      const idleRss = await currentRssMiB(kiln);

      const text = prose(990, Math.ceil(SYNTH_CHARS / 5.5)).slice(0, SYNTH_CHARS);
      const headers = { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' };
      const submitted = await fetch(`${apiUrl}/v1/voice/synthesize`, { method: 'POST', headers, body: JSON.stringify({ text, language: 'en' }) }).catch(
        (err: Error) => {
          throw new Error(`POST /v1/voice/synthesize got no answer: ${err.message}${err.cause ? ` (${(err.cause as Error).message})` : ''}`);
        },
      );
      const started = performance.now();
      const accepted = (await submitted.json()) as { id?: string };
      if (submitted.status !== 202 || !accepted.id)
        throw new Error(`the long synthesis answered ${submitted.status}: ${JSON.stringify(accepted).slice(0, 300)}`);
      ctx.say(`synthesising ${text.length} characters (job ${accepted.id}); probing /healthz meanwhile`);

      let outcome: { status: number; body: { duration_seconds?: number; error?: unknown } } | undefined;
      const watcher = (async () => {
        const deadline = Date.now() + SYNTH_TIMEOUT_MS;
        while (Date.now() < deadline) {
          const res = await fetch(`${apiUrl}/v1/jobs/${accepted.id}`, { headers: { authorization: headers.authorization } });
          const body = (await res.json()) as { duration_seconds?: number };
          if (res.status !== 202) return { status: res.status, body };
          await sleep(1_000);
        }
        throw new Error(`the synthesis did not finish within ${SYNTH_TIMEOUT_MS / 60_000} min`);
      })().then((o) => (outcome = o));
      const busy: number[] = [];
      while (!outcome) {
        busy.push(await probeHealth(health));
        await sleep(PROBE_GAP_MS);
      }
      await watcher;
      const wallS = (performance.now() - started) / 1000;
      const peak = await peakRssMiB(kiln);
      const ok = outcome.status === 200 && typeof outcome.body.duration_seconds === 'number';
      const audioS = outcome.body.duration_seconds ?? 0;
      ctx.say(
        `idle p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms; during synthesis (${busy.length} probes, ${wallS.toFixed(0)} s for ${audioS.toFixed(0)} s of audio) ` +
          `p50 ${percentile(busy, 50).toFixed(1)} ms, p99 ${percentile(busy, 99).toFixed(1)} ms, max ${Math.max(...busy).toFixed(1)} ms; RSS ${idleRss.toFixed(0)} MiB idle, peak ${peak.toFixed(0)} MiB`,
      );
      const note = ok ? undefined : `the synthesis ended ${outcome.status}: ${JSON.stringify(outcome.body).slice(0, 200)}`;
      const ms = (label: string, description: string, samples: number[], targets?: Timing['targets']): Timing => ({
        label,
        description,
        samplesS: samples,
        unit: 'ms',
        ok,
        note,
        targets,
      });
      const timings: Timing[] = [
        ms('responsiveness: /healthz p50, idle', `${IDLE_PROBES} sequential probes of the single-process service with nothing running`, [percentile(idle, 50)]),
        ms('responsiveness: /healthz p99, idle', 'same probes', [percentile(idle, 99)]),
        ms('responsiveness: /healthz p50, synthesising', `${busy.length} sequential probes while the same process synthesises ${text.length} characters`, [
          percentile(busy, 50),
        ]),
        ms(
          'responsiveness: /healthz p99, synthesising',
          'same probes; the target of the hardening issue',
          [percentile(busy, 99)],
          [{ stat: 'max', op: '<', value: 100 }],
        ),
        {
          label: '  p99 synthesising / p99 idle',
          description: 'how much a long synthesis slows the answers of the process it runs in',
          samplesS: [percentile(busy, 99) / percentile(idle, 99)],
          unit: '×',
          ok,
          note,
        },
        {
          label: 'responsiveness: process peak RSS, synthesis',
          description: `VmHWM of the single process after synthesising ${text.length} characters (${audioS.toFixed(0)} s of audio in ${wallS.toFixed(0)} s); ${idleRss.toFixed(0)} MiB idle`,
          samplesS: [peak],
          unit: 'MiB',
          ok,
          note,
        },
      ];
      return { rows: [], timings };
    } finally {
      await stopChild(kiln, 10_000);
    }
  },
};
