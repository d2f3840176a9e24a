import { measure } from '../lib/measure';
import { freePort, stopChild, waitForHttp, type Child } from '../lib/processes';
import type { Result, Scenario, ScenarioOutput } from '../lib/types';

const CONNECTIONS = 50;
/** Rounds of four loads each (off, on, on, off): the machine is shared, and one order can mislead. */
const ROUNDS = 3;
/** A scraper far keener than Prometheus's usual 15 s, so the scrapes' own cost shows if it matters. */
const SCRAPE_EVERY_MS = 1_000;

/**
 * What recording metrics costs the cheapest authenticated route: two `web` processes started for this,
 * one with METRICS_PORT set (every request counted and timed by route template, /metrics scraped every
 * second meanwhile) and one without, loaded in turn with `GET /v1/usage`. Target: on/off ≥ 0.95.
 */
export const metricsOverhead: Scenario = {
  name: 'metrics: GET /v1/usage with METRICS_PORT on vs off',
  kind: 'group',
  description: 'GET /v1/usage req/s with Prometheus metrics recorded and scraped every second, over without',
  async run(ctx): Promise<ScenarioOutput> {
    const { METRICS_PORT: _, ...base } = ctx.kilnEnv;
    const metricsPort = await freePort();
    const setups = [
      { key: 'off', label: 'METRICS_PORT unset', env: base },
      { key: 'on', label: 'METRICS_PORT set, scraped every 1 s', env: { ...base, METRICS_PORT: String(metricsPort) } },
    ] as const;
    const webs: Child[] = [];
    const urls = new Map<string, string>();
    let scraper: NodeJS.Timeout | undefined;
    try {
      for (const s of setups) {
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        // The installation's PUBLIC_URL (every process must share it); each web is loaded on its own port.
        const web = ctx.startChild(`kiln web (${s.label})`, ['src/main.ts', 'web'], { ...s.env, PORT: String(port), PUBLIC_URL: ctx.apiUrl });
        webs.push(web);
        await waitForHttp(web, `${url}/readyz`);
        urls.set(s.key, url);
      }
      const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      let scrapes = 0;
      let scrapeBytes = 0;
      scraper = setInterval(() => {
        fetch(metricsUrl)
          .then((r) => r.text())
          .then((t) => {
            scrapes++;
            scrapeBytes = t.length;
          })
          .catch(() => {});
      }, SCRAPE_EVERY_MS);
      const auth = { authorization: `Bearer ${ctx.apiKey}` };
      const load = (key: string, name: string) =>
        measure({ name, url: `${urls.get(key)}/v1/usage`, headers: auth, connections: CONNECTIONS, durationS: ctx.durationS, warmupS: ctx.warmupS });
      const last = new Map<string, Result>();
      const ratios: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // off, on, on, off: whichever load runs second in a pair measured ~20 % lower here (a shared machine,
        // the other web's garbage), so each round is symmetric and its ratio compares the sums.
        const rps = { on: 0, off: 0 };
        for (const key of ['off', 'on', 'on', 'off'] as const) {
          const s = setups.find((x) => x.key === key)!;
          const result = await load(key, `GET /v1/usage (${s.label})`);
          rps[key] += result.rps;
          last.set(key, result);
        }
        ratios.push(rps.on / rps.off);
        ctx.say(`round ${round}: usage with metrics / without ${ratios.at(-1)!.toFixed(3)}×`);
      }
      ctx.say(`${scrapes} scrapes of /metrics during the loads, the last ${scrapeBytes} bytes`);
      return {
        rows: [
          {
            label: 'metrics: GET /v1/usage, METRICS_PORT set',
            kind: 'diagnostic',
            description: 'GET /v1/usage with every request recorded and /metrics scraped every second',
            peer: 'metrics: GET /v1/usage, METRICS_PORT unset',
            result: last.get('on')!,
          },
          { label: 'metrics: GET /v1/usage, METRICS_PORT unset', kind: 'reference', description: 'GET /v1/usage, no metrics server', result: last.get('off')! },
        ],
        timings: [
          {
            label: 'metrics: usage, on / off',
            description: 'req/s of GET /v1/usage with metrics over without, each round (target: overhead under 5 %)',
            samplesS: ratios,
            unit: '×',
            ok: scrapes > 0,
            note: scrapes > 0 ? undefined : 'no scrape of /metrics succeeded',
            targets: [{ stat: 'median', op: '>=', value: 0.95 }],
          },
        ],
      };
    } finally {
      if (scraper) clearInterval(scraper);
      await Promise.all(webs.map((w) => stopChild(w)));
    }
  },
};
