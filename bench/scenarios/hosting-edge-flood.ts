import { type Agent, request as httpRequest, Agent as HttpAgent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { archiveServer, buildZip, createDeployment, deploymentLog, getWithHost, waitForPublished } from '../lib/hosting';
import { stopChild } from '../lib/processes';
import type { Scenario, ScenarioOutput, Timing } from '../lib/types';

const VICTIM = 'bench-flood-victim';
const ATTACKER = 'bench-flood-attacker';
const PROBES = 400;
const PROBE_GAP_MS = 5;

/** The attacker: 100 dynamic `_redirects` rules (none matching) and 100 dynamic `_headers` blocks. */
export function floodRules(): { redirects: string; headers: string } {
  const redirects: string[] = [];
  const headers: string[] = [];
  for (let i = 0; i < 100; i++) {
    // A placeholder first: no literal prefix lets a request skip the rule.
    redirects.push(`/:a/:b/never-${i}/* /x/:a/:b/:splat 301!`);
    headers.push(`/:a/:b/never-${i}/*`, `  X-Rule: ${i}`);
  }
  return { redirects: `${redirects.join('\n')}\n`, headers: `${headers.join('\n')}\n` };
}

/** One GET of the victim's page over a keep-alive socket, timed from send to the whole body; ms. */
function probe(agent: Agent, edgeUrl: string, host: string): Promise<number> {
  const u = new URL(`${edgeUrl}/`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, path: '/', headers: { host }, agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`the victim answered ${res.statusCode}`))));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('probe timed out')));
    req.on('error', reject);
    req.end();
  });
}

async function probeMany(agent: Agent, edgeUrl: string, host: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < PROBES; i++) {
    samples.push(await probe(agent, edgeUrl, host));
    await sleep(PROBE_GAP_MS);
  }
  return samples;
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN;

/**
 * Issue 24 item 10: one tenant's rules must not slow other tenants' sites. A victim site's page is probed
 * one request at a time, idle and then while 8 connections (bench/edge-flood-client.ts, its own process)
 * ask the attacker's site — 100 dynamic redirect and 100 dynamic header rules — for a new long path each
 * time: 15 KB of 2,600 segments (the issue's case), 2,000 bytes of 330 segments (just under the edge's
 * path cap, so the rule matcher itself runs) and, as a control, short paths: what 8 connections flooding
 * the edge cost other sites whatever the rules.
 */
export const hostingEdgeFlood: Scenario = {
  name: 'hosting: edge rules flood (another site during 100+100 dynamic rules and long paths)',
  kind: 'group',
  description: "a victim site's median latency idle vs while another site's dynamic rules are flooded with long paths",
  async run(ctx): Promise<ScenarioOutput> {
    const archives = await archiveServer(ctx);
    const victimZip = await buildZip([{ path: 'index.html', data: Buffer.from('<!doctype html><title>victim</title><p>hello</p>\n') }]);
    const rules = floodRules();
    const attackerZip = await buildZip([
      { path: 'index.html', data: Buffer.from('<!doctype html><title>attacker</title>\n') },
      { path: '_redirects', data: Buffer.from(rules.redirects) },
      { path: '_headers', data: Buffer.from(rules.headers) },
    ]);
    const victim = await createDeployment(ctx, VICTIM, archives.add('flood-victim.zip', victimZip));
    const attacker = await createDeployment(ctx, ATTACKER, archives.add('flood-attacker.zip', attackerZip));
    await waitForPublished(ctx, victim.id);
    await waitForPublished(ctx, attacker.id);
    const log = await deploymentLog(ctx, attacker.id);
    if (!log.includes('read 100 rules (0 static, 100 dynamic)')) throw new Error(`the attacker's build did not read its 100 dynamic rules:\n${log}`);
    const victimHost = `${VICTIM}.${ctx.hostingDomain}`;
    const attackerHost = `${ATTACKER}.${ctx.hostingDomain}`;
    const deadline = Date.now() + 30_000;
    for (const host of [victimHost, attackerHost]) {
      while ((await getWithHost(`${ctx.edgeUrl}/`, host)).status !== 200) {
        if (Date.now() > deadline) throw new Error(`the edge does not serve ${host}`);
        await sleep(100);
      }
    }

    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    ctx.onCleanup(() => agent.destroy());
    const timings: Timing[] = [];
    const idle = await probeMany(agent, ctx.edgeUrl, victimHost);
    ctx.say(`victim idle: median ${median(idle).toFixed(2)} ms over ${idle.length} probes`);
    timings.push({
      label: 'hosting flood: victim median, idle',
      description: `${PROBES} sequential GET / of another site, nothing else running`,
      samplesS: [median(idle)],
      unit: 'ms',
      ok: true,
    });

    const edgePort = new URL(ctx.edgeUrl).port;
    for (const shape of [
      { name: '15 KB, 2,600 segments', bytes: 15_000, segments: 2_600 },
      { name: '2,000 B, 330 segments', bytes: 2_000, segments: 330 },
      // Control: the same request rate with short paths, i.e. what any flood of this edge costs its neighbours.
      { name: 'short paths (control)', bytes: 12, segments: 2 },
    ]) {
      const flood = ctx.startChild(`flood ${shape.name}`, ['bench/edge-flood-client.ts'], {
        ...process.env,
        EDGE_PORT: edgePort,
        FLOOD_HOST: attackerHost,
        CONNECTIONS: '8',
        SEGMENTS: String(shape.segments),
        PATH_BYTES: String(shape.bytes),
      });
      await sleep(1_000);
      const busy = await probeMany(agent, ctx.edgeUrl, victimHost);
      await stopChild(flood);
      const answered = flood.tail();
      const ratio = median(busy) / median(idle);
      ctx.say(`victim during the flood (${shape.name}): median ${median(busy).toFixed(2)} ms, ${ratio.toFixed(2)}× idle; attacker's answers ${answered}`);
      timings.push(
        {
          label: `hosting flood: victim median, flood ${shape.name}`,
          description: `same probes while 8 connections ask ${ATTACKER} (100+100 dynamic rules) for new ${shape.name} paths; its answers by status: ${answered}`,
          samplesS: [median(busy)],
          unit: 'ms',
          ok: true,
        },
        {
          label: `  flood ${shape.name} / idle`,
          description: shape.bytes === 15_000 ? 'issue 24 item 10: within 2× of idle' : 'the same ratio for this path shape (no target)',
          samplesS: [ratio],
          unit: '×',
          ok: true,
          targets: shape.bytes === 15_000 ? [{ stat: 'max', op: '<', value: 2 }] : undefined,
        },
      );
    }
    return { rows: [], timings };
  },
};
