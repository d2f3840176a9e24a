import { stopChild } from '../lib/processes';
import type { EdgeReloadIdle } from '../lib/edge-reload';
import type { Scenario, ScenarioOutput } from '../lib/types';

/** Seconds each way ticks (12 ticks at 60 s, the standalone script's default); CPU is reported per minute. */
const WINDOW_S = Number(process.env.BENCH_EDGE_RELOAD_WINDOW || 30);
const MARK = 'EDGE_RELOAD_RESULT ';

/**
 * An idle edge's CPU per minute with 10,000 live sites and 1,000 certificates: the incremental routing
 * table against a full reload forced every tick, the reference, in the same run. bench/edge-reload-idle.ts
 * in a child process of its own (so that the bench's own timers and output are not counted), on a
 * database it seeds and drops. About WINDOW_S × 2 + 20 s.
 */
export const edgeReloadIdle: Scenario = {
  name: 'edge reload: idle CPU with 10,000 sites, incremental vs full',
  kind: 'group',
  description: 'Edge routing table at idle, 10,000 sites and 1,000 certificates, ticking every 5 s: CPU per minute, incremental vs full reload',
  async run(ctx): Promise<ScenarioOutput> {
    if (!Number.isInteger(WINDOW_S) || WINDOW_S < 5) throw new Error(`BENCH_EDGE_RELOAD_WINDOW must be whole seconds, at least 5 (got "${WINDOW_S}")`);
    const child = ctx.startChild('edge reload idle', ['--expose-gc', 'bench/edge-reload-idle.ts', '--json'], {
      ...process.env,
      DATABASE_URL: ctx.databaseUrl,
      BENCH_WINDOW_MS: String(WINDOW_S * 1000),
    });
    try {
      const { code } = await child.exited;
      const line = child
        .tail()
        .split('\n')
        .find((l) => l.startsWith(MARK));
      if (code !== 0 || !line) throw new Error(`bench/edge-reload-idle.ts failed (exit ${code}):\n${child.tail()}`);
      const r = JSON.parse(line.slice(MARK.length)) as EdgeReloadIdle;
      ctx.say(
        `full every tick ${r.full.cpuMsPerMinute.toFixed(0)} ms CPU/min, incremental ${r.incremental.cpuMsPerMinute.toFixed(1)} ms CPU/min (${r.incremental.ticks} ticks of ${r.tickMs / 1000} s, ${r.incremental.rowsRead} rows read)`,
      );
      const ok = r.incremental.fullReloads === 1 && r.full.fullReloads > r.full.ticks;
      const note = ok ? undefined : `unexpected reloads: incremental ${r.incremental.fullReloads} full, forced ${r.full.fullReloads} full`;
      const base = `${r.sites.toLocaleString('en')} sites, ${r.certificates.toLocaleString('en')} certificates, ${WINDOW_S} s window`;
      return {
        rows: [],
        timings: [
          {
            label: 'edge reload: idle CPU, incremental',
            description: `Edge CPU per minute at idle, change sequence read every 5 s (${base})`,
            samplesS: [r.incremental.cpuMsPerMinute],
            unit: 'ms/min',
            ok,
            note,
          },
          {
            label: 'edge reload: idle CPU, full every tick (reference)',
            description: `The same, every table read every 5 s (${base})`,
            samplesS: [r.full.cpuMsPerMinute],
            unit: 'ms/min',
            ok,
            note,
          },
          {
            label: 'edge reload: full / incremental',
            description: 'Idle CPU of the full reload over the incremental one, same run (target: at least 10×)',
            samplesS: [r.full.cpuMsPerMinute / Math.max(r.incremental.cpuMsPerMinute, 0.1)],
            unit: '×',
            ok,
            note,
            targets: [{ stat: 'median', op: '>=', value: 10 }],
          },
        ],
      };
    } finally {
      await stopChild(child);
    }
  },
};
