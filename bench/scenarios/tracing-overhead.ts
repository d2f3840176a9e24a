import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { measure } from '../lib/measure';
import { freePort, stopChild, waitForHttp, type Child } from '../lib/processes';
import type { Result, Scenario, ScenarioOutput } from '../lib/types';

const CONNECTIONS = 50;
/** Rounds of four loads each (off, on, on, off): the machine is shared, and one order can mislead. */
const ROUNDS = 3;

/** An OTLP/HTTP collector that takes every export and keeps only counts (no decoding: its CPU is the bench's). */
async function startSink(): Promise<{ endpoint: string; exports: () => number; bytes: () => number; close: () => Promise<void> }> {
  let exports = 0;
  let bytes = 0;
  const server: Server = createServer((req, res) => {
    req.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    req.on('end', () => {
      exports++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports: () => exports,
    bytes: () => bytes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc: unlike req/s, barely moved by other load on the machine. */
function cpuSeconds(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 Hz).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The traced variants, each loaded against the untraced web in turn. */
const VARIANTS = [
  { key: 'all', label: 'every span kept', env: {} },
  { key: 'tenth', label: '1 trace in 10 kept', env: { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' } },
  { key: 'none', label: 'no span kept (sampler always_off)', env: { OTEL_TRACES_SAMPLER: 'always_off' } },
] as const;

/**
 * What tracing costs the cheapest authenticated route: `web` processes started for this, one without
 * OTEL_EXPORTER_OTLP_ENDPOINT and one per sampler with it set (spans batched and exported to a sink on
 * loopback), loaded in turn with `GET /v1/usage`. "every span kept" is the default sampler's worst case;
 * "no span kept" is what the context propagation alone costs. Target (every span): on/off ≥ 0.80.
 */
export const tracingOverhead: Scenario = {
  name: 'tracing: GET /v1/usage with OTEL_EXPORTER_OTLP_ENDPOINT on vs off',
  kind: 'group',
  description: 'GET /v1/usage req/s with every request traced and exported by OTLP, over without',
  async run(ctx): Promise<ScenarioOutput> {
    const { OTEL_EXPORTER_OTLP_ENDPOINT: _, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: __, OTEL_TRACES_SAMPLER: ___, ...base } = ctx.kilnEnv;
    const sink = await startSink();
    const setups = [
      { key: 'off', label: 'tracing off', env: base },
      ...VARIANTS.map((v) => ({ key: v.key, label: `tracing on, ${v.label}`, env: { ...base, ...v.env, OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint } })),
    ];
    const webs: Child[] = [];
    const urls = new Map<string, string>();
    try {
      for (const s of setups) {
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const web = ctx.startChild(`kiln web (${s.label})`, ['src/main.ts', 'web'], { ...s.env, PORT: String(port), PUBLIC_URL: ctx.apiUrl });
        webs.push(web);
        await waitForHttp(web, `${url}/readyz`);
        urls.set(s.key, url);
      }
      const auth = { authorization: `Bearer ${ctx.apiKey}` };
      const pids = new Map(setups.map((s, i) => [s.key, webs[i]!.proc.pid!]));
      const cpuPerRequest = new Map<string, number[]>(setups.map((s) => [s.key, []]));
      const load = async (key: string) => {
        const options = {
          name: `GET /v1/usage (${setups.find((x) => x.key === key)!.label})`,
          url: `${urls.get(key)}/v1/usage`,
          headers: auth,
          connections: CONNECTIONS,
        };
        if (ctx.warmupS > 0) await measure({ ...options, durationS: ctx.warmupS, warmupS: 0 });
        const cpuBefore = cpuSeconds(pids.get(key)!);
        const result = await measure({ ...options, durationS: ctx.durationS, warmupS: 0 });
        cpuPerRequest.get(key)!.push(((cpuSeconds(pids.get(key)!) - cpuBefore) * 1e6) / result.requests);
        return result;
      };
      const last = new Map<string, Result>();
      const ratios = new Map<string, number[]>(VARIANTS.map((v) => [v.key, []]));
      for (let round = 1; round <= ROUNDS; round++) {
        for (const v of VARIANTS) {
          // off, on, on, off: whichever load runs second in a pair measures lower on a shared machine.
          const rps = { on: 0, off: 0 };
          for (const key of ['off', v.key, v.key, 'off']) {
            const result = await load(key);
            rps[key === 'off' ? 'off' : 'on'] += result.rps;
            last.set(key, result);
          }
          ratios.get(v.key)!.push(rps.on / rps.off);
          ctx.say(`round ${round}: usage traced (${v.label}) / untraced ${(rps.on / rps.off).toFixed(3)}×`);
        }
      }
      ctx.say(`${sink.exports()} OTLP exports received, ${Math.round(sink.bytes() / 1024)} KiB`);
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      for (const s of setups) ctx.say(`${s.label}: median ${median(cpuPerRequest.get(s.key)!).toFixed(0)} µs of the web's CPU per request`);
      return {
        rows: [
          ...VARIANTS.map((v) => ({
            label: `tracing: GET /v1/usage, ${v.label}`,
            kind: 'diagnostic' as const,
            description: `GET /v1/usage traced, ${v.label}, exported by OTLP/HTTP`,
            peer: 'tracing: GET /v1/usage, no OTLP endpoint',
            result: last.get(v.key)!,
          })),
          { label: 'tracing: GET /v1/usage, no OTLP endpoint', kind: 'reference', description: 'GET /v1/usage, tracing off', result: last.get('off')! },
        ],
        timings: [
          ...setups.map((s) => ({
            label: `tracing: web CPU per usage request, ${s.label}`,
            description: `the web process's CPU time (user + system, from /proc) per GET /v1/usage served, ${s.label}`,
            samplesS: cpuPerRequest.get(s.key)!,
            unit: 'µs',
            ok: true,
            targets: [],
          })),
          ...VARIANTS.map((v) => ({
            label: `tracing: usage, ${v.label}, on / off`,
            description: `req/s of GET /v1/usage traced (${v.label}) over untraced, each round`,
            samplesS: ratios.get(v.key)!,
            unit: '×',
            ok: sink.exports() > 0,
            note: sink.exports() > 0 ? undefined : 'the sink received no export',
            targets: v.key === 'all' ? [{ stat: 'median' as const, op: '>=' as const, value: 0.8 }] : [],
          })),
        ],
      };
    } finally {
      await Promise.all(webs.map((w) => stopChild(w)));
      await sink.close();
    }
  },
};
