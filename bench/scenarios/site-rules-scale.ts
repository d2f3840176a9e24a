import { largeSite } from '../site-rules-micro';
import type { Scenario, Timing } from '../lib/types';

/**
 * Issue 27: matching cost with 45,000 rules against 100 of the same shape, in this process (no server, no
 * client: far less noisy than an HTTP row), both matchers alive and measured in turn on the same requests.
 * The counted work is equal by construction (see test/hosting/site-rules-match.unit.test.ts); what this
 * measures is what a large index costs in time (cache misses, GC), plus reading and compiling the file.
 */
export const siteRulesScale: Scenario = {
  name: 'hosting: site rules, 100 vs 45,000',
  kind: 'group',
  description: 'per-request matching cost p50/p99 with 100 and 45,000 rules; build and edge-load time of the 45,000-rule file',
  async run(ctx) {
    const f = largeSite((line) => ctx.say(line));
    const small = f.rows['interleaved same-requests redirects 100']!;
    const large = f.rows['interleaved same-requests redirects 45000']!;
    const timing = (label: string, description: string, value: number, unit: string, targets?: Timing['targets']): Timing => ({
      label,
      description,
      samplesS: [value],
      unit,
      ok: true,
      targets,
    });
    return {
      rows: [],
      timings: [
        timing('site rules: redirect match p50, 100 rules', 'ns per request, same requests as below', small.p50, 'ns'),
        timing('site rules: redirect match p50, 45,000 rules', 'ns per request, measured in turn with the 100-rule matcher', large.p50, 'ns'),
        timing('site rules: p50 ratio 45,000 / 100', 'the same counted work; target: no more than 2× (a scan would be ~450×)', large.p50 / small.p50, '×', [
          { stat: 'median', op: '<', value: 2 },
        ]),
        timing('site rules: p99 ratio 45,000 / 100', 'tail of the same', large.p99 / small.p99, '×', [{ stat: 'median', op: '<', value: 2 }]),
        timing('site rules: read 45,000 + 45,000 at build', 'ms, median of 5: parse both files and check loops', f.readMs[45_000]!, 'ms'),
        timing('site rules: compile 45,000 + 45,000 at the edge', 'ms, median of 5: maps and trees, once per deployment per edge', f.compileMs[45_000]!, 'ms'),
      ],
    };
  },
};
