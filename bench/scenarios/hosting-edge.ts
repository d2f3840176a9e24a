import { setTimeout as sleep } from 'node:timers/promises';
import { archiveServer, buildZip, checkServes, createDeployment, deploymentLog, getWithHost, waitForPublished } from '../lib/hosting';
import { measure } from '../lib/measure';
import { measureRaw } from '../lib/raw-load';
import { EDGE_FILES, type EdgeFilePath } from '../lib/payloads';
import { freePort, waitForHttp } from '../lib/processes';
import type { OutputRow, Scenario, ScenarioOutput } from '../lib/types';

const SITE = 'bench-edge';

/**
 * Kiln's edge serving a published site's files (Host → live deployment → manifest → cached blob), each
 * file against a plain node:http server that writes the same bytes from memory (bench/static-server.ts,
 * its own process). `.bin` is application/octet-stream, which the edge never compresses, and autocannon
 * sends no Accept-Encoding: both sides answer the identical identity bytes.
 */
export const hostingEdge: Scenario = {
  name: 'hosting: edge GET 10 KB / 1 MB',
  kind: 'group',
  description: 'the edge serving a 10 KB and a 1 MB file vs a plain node:http server with the same bytes',
  async run(ctx): Promise<ScenarioOutput> {
    const files = Object.fromEntries(Object.entries(EDGE_FILES).map(([p, make]) => [p, make()])) as Record<EdgeFilePath, Buffer>;
    const staticPort = await freePort();
    const plain = ctx.startChild('static-server', ['bench/static-server.ts'], { ...process.env, PORT: String(staticPort) });
    const plainUrl = `http://127.0.0.1:${staticPort}`;
    await waitForHttp(plain, `${plainUrl}/ten-kb.bin`);

    const archives = await archiveServer(ctx);
    const zip = await buildZip([
      { path: 'index.html', data: Buffer.from('<!doctype html><meta charset="utf-8"><title>edge bench</title>\n') },
      ...Object.entries(files).map(([path, data]) => ({ path: path.slice(1), data })),
    ]);
    const d = await createDeployment(ctx, SITE, archives.add('edge-site.zip', zip));
    await waitForPublished(ctx, d.id);
    const host = `${SITE}.${ctx.hostingDomain}`;

    // Published is in the database; the edge learns of it by pub/sub (or its 5 s reload). Wait until it serves.
    const deadline = Date.now() + 30_000;
    for (const [path, expected] of Object.entries(files)) {
      for (;;) {
        const problem = await checkServes(ctx.edgeUrl, host, path, expected);
        if (problem === null) break;
        if (Date.now() > deadline) throw new Error(`the edge does not serve ${host}${path} correctly: ${problem}`);
        await sleep(100);
      }
      const plainProblem = await checkServes(plainUrl, undefined, path, expected);
      if (plainProblem) throw new Error(`the plain server does not serve ${path} correctly: ${plainProblem}`);
    }
    ctx.say(`edge and plain server both answer 200 with exactly ${files['/ten-kb.bin'].length} and ${files['/one-mb.bin'].length} bytes`);

    const rows: OutputRow[] = [];
    const cases: { path: EdgeFilePath; size: string; connections: number }[] = [
      { path: '/ten-kb.bin', size: '10 KB', connections: 50 },
      { path: '/one-mb.bin', size: '1 MB', connections: 10 },
    ];
    // Each size twice: with autocannon (as the other rows), and with bench/lib/raw-load.ts, because
    // autocannon decodes every body byte into a string and is the bottleneck at these sizes.
    const clients = [
      { tag: 'autocannon', load: measure },
      { tag: 'raw client', load: measureRaw },
    ] as const;
    for (const c of cases) {
      for (const client of clients) {
        const plainLabel = `  plain node:http GET ${c.size} (${client.tag})`;
        const plainResult = await client.load({
          name: `plain GET ${c.path}`,
          url: `${plainUrl}${c.path}`,
          connections: c.connections,
          durationS: ctx.durationS,
          warmupS: ctx.warmupS,
        });
        ctx.say(`plain ${c.size} (${client.tag}): ${Math.round(plainResult.rps)} req/s`);
        const edgeResult = await client.load({
          name: `edge GET ${c.path}`,
          url: `${ctx.edgeUrl}${c.path}`,
          headers: { host },
          connections: c.connections,
          durationS: ctx.durationS,
          warmupS: ctx.warmupS,
        });
        ctx.say(`edge ${c.size} (${client.tag}): ${Math.round(edgeResult.rps)} req/s`);
        rows.push(
          {
            label: `hosting: edge GET ${c.size} (${client.tag})`,
            kind: 'api',
            description: `Kiln's edge, Host ${host}, GET ${c.path} (${files[c.path].length} bytes, identity), load by ${client.tag}; "vs peer" = share of the plain server`,
            targets: [{ metric: 'peerRatio', op: '>=', value: 0.7 }],
            peer: plainLabel,
            result: edgeResult,
          },
          {
            label: plainLabel,
            kind: 'reference',
            description: `plain node:http (own process) writing the same ${files[c.path].length} bytes from memory (Content-Type + Content-Length only), load by ${client.tag}`,
            result: plainResult,
          },
        );
      }
    }
    return { rows };
  },
};

const RULES_SITE = 'bench-edge-rules';

/**
 * A `_redirects` at Cloudflare Pages' caps: 2,000 static rules (every tenth forced) and 100 dynamic ones,
 * all forced so that a request for an existing file still consults them: 80 behind a literal prefix
 * ("/legacy-17/*", "/p17/:id") and 20 whose first segment is a placeholder ("/:lang/guide-3/*"), whose
 * regex every request runs. No rule matches the benchmarked file.
 */
export function benchRedirects(): string {
  const lines = ['# 2,000 static + 100 dynamic rules (the caps)'];
  for (let i = 0; i < 2_000; i++) lines.push(`/old/page-${i} /new/page-${i} 301${i % 10 === 0 ? '!' : ''}`);
  for (let i = 0; i < 40; i++) lines.push(`/legacy-${i}/* /archive-${i}/:splat 301!`);
  for (let i = 0; i < 40; i++) lines.push(`/p${i}/:id /q${i}/:id 302!`);
  for (let i = 0; i < 20; i++) lines.push(`/:lang/guide-${i}/* /guides/:lang/${i}/:splat 301!`);
  return `${lines.join('\n')}\n`;
}

/**
 * The edge serving a 10 KB file of a site whose `_redirects` holds 2,100 rules none of which matches,
 * against the plain node:http server in the same run: what the rule matcher costs per request.
 */
export const hostingEdgeRules: Scenario = {
  name: 'hosting: edge GET 10 KB with 2,100 _redirects rules',
  kind: 'group',
  description: 'the edge serving a 10 KB file of a site with 2,000 static + 100 dynamic _redirects rules vs a plain node:http server',
  async run(ctx): Promise<ScenarioOutput> {
    const path: EdgeFilePath = '/ten-kb.bin';
    const expected = EDGE_FILES[path]();
    const staticPort = await freePort();
    const plain = ctx.startChild('static-server', ['bench/static-server.ts'], { ...process.env, PORT: String(staticPort) });
    const plainUrl = `http://127.0.0.1:${staticPort}`;
    await waitForHttp(plain, `${plainUrl}${path}`);

    const archives = await archiveServer(ctx);
    const zip = await buildZip([
      { path: 'index.html', data: Buffer.from('<!doctype html><meta charset="utf-8"><title>edge rules bench</title>\n') },
      { path: path.slice(1), data: expected },
      { path: '_redirects', data: Buffer.from(benchRedirects()) },
    ]);
    const d = await createDeployment(ctx, RULES_SITE, archives.add('edge-rules-site.zip', zip));
    await waitForPublished(ctx, d.id);
    const log = await deploymentLog(ctx, d.id);
    if (!log.includes('read 2100 rules (2000 static, 100 dynamic)')) throw new Error(`the build did not read the 2,100 rules:\n${log}`);
    const host = `${RULES_SITE}.${ctx.hostingDomain}`;

    const deadline = Date.now() + 30_000;
    for (;;) {
      const problem = await checkServes(ctx.edgeUrl, host, path, expected);
      if (problem === null) break;
      if (Date.now() > deadline) throw new Error(`the edge does not serve ${host}${path} correctly: ${problem}`);
      await sleep(100);
    }
    // The rules are live: a static and a dynamic one answer as written.
    for (const [from, to] of [
      ['/old/page-1999', '/new/page-1999'],
      ['/en/guide-7/intro', '/guides/en/7/intro'],
    ] as const) {
      const res = await getWithHost(`${ctx.edgeUrl}${from}`, host);
      if (res.status !== 301 || res.headers.location !== to)
        throw new Error(`${from} answered ${res.status} ${res.headers.location ?? ''}, expected 301 ${to}`);
    }
    ctx.say('edge serves the 10 KB file of a site with 2,100 rules, and its rules redirect');

    const rows: OutputRow[] = [];
    const clients = [
      { tag: 'autocannon', load: measure },
      { tag: 'raw client', load: measureRaw },
    ] as const;
    for (const client of clients) {
      const plainLabel = `  plain node:http GET 10 KB, rules peer (${client.tag})`;
      const plainResult = await client.load({
        name: `plain GET ${path}`,
        url: `${plainUrl}${path}`,
        connections: 50,
        durationS: ctx.durationS,
        warmupS: ctx.warmupS,
      });
      ctx.say(`plain 10 KB (${client.tag}): ${Math.round(plainResult.rps)} req/s`);
      const edgeResult = await client.load({
        name: `edge GET ${path} (2,100 rules)`,
        url: `${ctx.edgeUrl}${path}`,
        headers: { host },
        connections: 50,
        durationS: ctx.durationS,
        warmupS: ctx.warmupS,
      });
      ctx.say(`edge 10 KB with 2,100 rules (${client.tag}): ${Math.round(edgeResult.rps)} req/s`);
      rows.push(
        {
          label: `hosting: edge GET 10 KB, 2,100 _redirects rules (${client.tag})`,
          kind: 'api',
          description: `Kiln's edge, Host ${host} (2,000 static + 100 dynamic forced-or-not rules, none matching), GET ${path}; "vs peer" = share of the plain server`,
          targets: [{ metric: 'peerRatio', op: '>=', value: 0.7 }],
          peer: plainLabel,
          result: edgeResult,
        },
        {
          label: plainLabel,
          kind: 'reference',
          description: `plain node:http (own process) writing the same ${expected.length} bytes from memory, load by ${client.tag}`,
          result: plainResult,
        },
      );
    }
    return { rows };
  },
};
