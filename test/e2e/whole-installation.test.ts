import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../src/db/client';
import { createAccount } from '../../src/db/queries/accounts';
import { createApiKey } from '../../src/accounts/create-api-key';
import { accountStorage, jobs, usageLedger, usageReservations, usageTotals } from '../../src/db/schema';
import { zipBuffer } from '../hosting/support/archive-fixtures';
import { edgeGet } from '../hosting/support/hosting-harness';
import { startInstallation, type Installation, type KilnProcess, type RedisTopology } from '../support/installation';
import { jsonRequest } from '../support/runtime';
import { until } from '../support/until';

/** The one switch between a single Redis and a Redis Cluster. */
const REDIS_TOPOLOGY: RedisTopology = 'cluster';

/** Deadlines only catch hangs; the production lock and stall settings decide how long recovery takes. */
const HANG_MS = 150_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Every site's files: an index of its own, and a stylesheet every deployment shares (stored and charged once per account). */
const SHARED_CSS = 'body { font-family: serif; }\n';
const siteFiles = (label: string) => [
  { name: 'index.html', data: `<h1>${label}</h1>` },
  { name: 'style.css', data: SHARED_CSS },
];

type Environment = 'production' | 'preview';

interface Account {
  name: string;
  accountId: string;
  auth: Record<string, string>;
}

/** What each request to a web process got: a status, or the error of a request that got none. */
interface Answer {
  what: string;
  status?: number;
  retryAfter?: string | null;
  error?: string;
}

/**
 * Serves site archives by path; `/slow.zip`'s first download gets half the archive and then nothing, so
 * the build that fetches it is surely running when the test kills its worker.
 */
async function startArchiveHost(archives: Map<string, Buffer>) {
  let slowRequests = 0;
  let held: ServerResponse | undefined;
  let stalled!: () => void;
  const slowStalled = new Promise<void>((resolve) => (stalled = resolve));
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const body = archives.get(path);
    if (!body) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': body.length });
    if (path === '/slow.zip' && ++slowRequests === 1) {
      held = res;
      res.write(body.subarray(0, body.length >> 1));
      stalled();
      return;
    }
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    slowStalled,
    slowRequests: () => slowRequests,
    close: async () => {
      held?.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('the whole installation: 2 web, 2 worker and 2 edge processes on PgBouncer, Redis and S3', () => {
  let inst: Installation | undefined;
  let database: Database | undefined;
  let host: Awaited<ReturnType<typeof startArchiveHost>> | undefined;
  afterAll(async () => {
    await host?.close();
    await database?.close();
    await inst?.stop();
    if (inst) console.log(`[whole] process logs: ${inst.logDir}`);
  });

  it(
    'a worker killed mid-build and an edge killed: every request answered, every deployment published and served by the live edges, every job billed once',
    async () => {
      const started = Date.now();
      inst = await startInstallation(REDIS_TOPOLOGY, {
        // The held download must outlast the second worker's start on a busy machine: no minimum rate.
        FETCH_MIN_BYTES_PER_SEC: '0',
        FETCH_TIMEOUT_MS: '600000',
      });
      const [web1, web2, edge1, edge2, workerA] = await Promise.all([
        inst.start('web', 'web1'),
        inst.start('web', 'web2'),
        inst.start('edge', 'edge1'),
        inst.start('edge', 'edge2'),
        // The second worker starts once the slow build is running on this one, so it is this one that holds it.
        inst.start('worker', 'workerA'),
      ]);
      const webs = [web1, web2];
      const upAt = Date.now();

      database = connectDatabase(inst.directDatabaseUrl, { max: 2, queryTimeoutMs: 30_000 });
      const db = database.db;
      const accounts: Account[] = [];
      for (const name of ['ada', 'bo', 'cy']) {
        const account = await createAccount(db, { name, planId: 'business', rateLimitOverride: 100_000 });
        const key = await createApiKey(db, { accountId: account.id, label: name });
        accounts.push({ name, accountId: account.id, auth: { Authorization: `Bearer ${key.key}` } });
      }

      const answers: Answer[] = [];
      let turn = 0;
      /** A request to one web process or the other in turn, its answer (or its lack of one) recorded. */
      const call = async (path: string, init: RequestInit = {}, web: KilnProcess = webs[turn++ % webs.length]!): Promise<Response | null> => {
        const what = `${init.method ?? 'GET'} ${path} via ${web.name}`;
        try {
          const res = await fetch(`http://127.0.0.1:${web.port}${path}`, init);
          answers.push({ what, status: res.status, retryAfter: res.headers.get('retry-after') });
          return res;
        } catch (err) {
          answers.push({ what, error: (err as Error).message });
          return null;
        }
      };

      // Text jobs, from every account through both webs, all along: accepted ones are remembered with their bill.
      const textJobs: { account: Account; id: string; tokens: number }[] = [];
      let loading = true;
      const loadFailures: string[] = [];
      /** The job's final body from a POST's answer (polling a 202), or null for a 503 (not accepted). */
      const finalBody = async (account: Account, res: Response) => {
        const body = await res.json();
        if (res.status === 200) return body;
        if (res.status !== 202) {
          // A 503 with Retry-After was not accepted: nothing to bill (and the answers check judges it).
          if (res.status !== 503) loadFailures.push(`POST /v1/text/generate answered ${res.status}: ${JSON.stringify(body)}`);
          return null;
        }
        const id = body.id as string;
        return until(
          `text job ${id} to finish`,
          async () => {
            const poll = await call(`/v1/jobs/${id}`, { headers: account.auth });
            if (!poll) return null;
            const b = await poll.json();
            if (poll.status === 202) return null;
            if (poll.status !== 200) throw new Error(`GET /v1/jobs/${id} answered ${poll.status}: ${JSON.stringify(b)}`);
            return b;
          },
          HANG_MS,
          250,
        );
      };
      const textRequest = (account: Account, n: number, headers: Record<string, string> = {}) =>
        jsonRequest({ prompt: `A short note on kilns, number ${n}`, max_tokens: 40 }, { ...account.auth, ...headers });
      const textJob = async (account: Account, n: number) => {
        const res = await call('/v1/text/generate', textRequest(account, n));
        const body = res && (await finalBody(account, res));
        if (body) textJobs.push({ account, id: body.id, tokens: body.tokens_used });
      };
      /**
       * A client that sends its request to both webs at once under one Idempotency-Key (a retry through the
       * other load-balanced web): one job, the same answer from both, billed once.
       */
      let replayed = 0;
      const idempotentTextJob = async (account: Account, n: number) => {
        const headers = { 'Idempotency-Key': `whole-${account.name}-${n}` };
        const answers = await Promise.all(
          webs.map((web) =>
            until(
              `web ${web.name} to take idempotent request ${n}`,
              async () => {
                const res = await call('/v1/text/generate', textRequest(account, n, headers), web);
                if (res?.status !== 409) return res;
                // The other web's request holds the key (409 idempotency_key_in_use): send it again.
                await res.arrayBuffer();
                return null;
              },
              HANG_MS,
              100,
            ).then(async (res) => {
              if (res?.headers.get('idempotent-replayed') === 'true') replayed++;
              return res && finalBody(account, res);
            }),
          ),
        );
        const ids = answers.map((b) => b?.id);
        if (ids[0] !== ids[1]) loadFailures.push(`one Idempotency-Key, two answers: ${JSON.stringify(answers)}`);
        if (answers[0]) textJobs.push({ account, id: answers[0].id, tokens: answers[0].tokens_used });
      };
      /** `stream: true`: the events through to exactly one `done`, whose result is the job's (a run on a killed worker is `reset` and written again). */
      let streamed = 0;
      const streamedTextJob = async (account: Account, n: number) => {
        const res = await call(
          '/v1/text/generate',
          jsonRequest({ prompt: `A streamed note on kilns, number ${n}`, max_tokens: 40, stream: true }, account.auth),
        );
        if (!res) return;
        if (res.status !== 200) return void (await finalBody(account, res));
        const events = (await res.text())
          .split('\n\n')
          .map((block) => ({
            event: /^event: (.*)$/m.exec(block)?.[1],
            data: /^data: (.*)$/m.exec(block)?.[1],
          }))
          .filter((e) => e.event);
        const ends = events.filter((e) => e.event === 'done' || e.event === 'error');
        if (ends.length !== 1 || ends[0]!.event !== 'done') return void loadFailures.push(`a stream ended ${JSON.stringify(ends)}`);
        const body = JSON.parse(ends[0]!.data!);
        if (body.id !== res.headers.get('kiln-job-id')) loadFailures.push(`a stream's done names ${body.id}, its header ${res.headers.get('kiln-job-id')}`);
        streamed++;
        textJobs.push({ account, id: body.id, tokens: body.tokens_used });
      };
      const loops = accounts.flatMap((account) =>
        [0, 1].map(async (lane) => {
          for (let n = 0; loading; n++) {
            const job = lane === 0 && n % 5 === 0 ? idempotentTextJob : lane === 1 && n % 3 === 0 ? streamedTextJob : textJob;
            await job(account, lane * 1000 + n).catch((err: Error) => loadFailures.push(err.message));
          }
        }),
      );

      // Deployments, spread over accounts and webs, half from a source URL and half uploaded.
      const archives = new Map<string, Buffer>();
      host = await startArchiveHost(archives);
      const deployed: { account: Account; site: string; id: string; environment: Environment; label: string }[] = [];
      /** Publishes `<h1>{label}</h1>` (the site id unless told) and the shared stylesheet at `site`. */
      const deploy = async (account: Account, site: string, how: 'url' | 'upload', opts: { environment?: Environment; label?: string; path?: string } = {}) => {
        const { environment = 'production', label = site, path = `/${label}.zip` } = opts;
        const zip = await zipBuffer(siteFiles(label));
        let res: Response | null;
        if (how === 'url') {
          archives.set(path, zip);
          res = await call('/v1/hosting/deployments', jsonRequest({ site_id: site, environment, source_url: host!.url(path) }, account.auth));
        } else {
          const form = new FormData();
          form.append('site_id', site);
          form.append('environment', environment);
          form.append('file', new Blob([new Uint8Array(zip)]), `${label}.zip`);
          res = await call('/v1/hosting/deployments', { method: 'POST', headers: account.auth, body: form });
        }
        expect(res?.status).toBe(201);
        const { id } = await res!.json();
        deployed.push({ account, site, id, environment, label });
        return id as string;
      };
      const deploymentOf = async (account: Account, id: string) => {
        const res = await call(`/v1/hosting/deployments/${id}`, { headers: account.auth });
        return res?.status === 200 ? res.json() : null;
      };
      const published = (account: Account, id: string) =>
        until(
          `deployment ${id} to be published`,
          async () => {
            const d = await deploymentOf(account, id);
            if (d?.status === 'failed') throw new Error(`deployment ${id} failed: ${JSON.stringify(d.error)}`);
            return d?.status === 'published' ? d : null;
          },
          HANG_MS,
          200,
        );

      const [ada, bo, cy] = accounts as [Account, Account, Account];
      const firstWave = [await deploy(ada, 'ada-one', 'url'), await deploy(bo, 'bo-one', 'upload'), await deploy(cy, 'cy-one', 'url')];
      for (const id of firstWave) await published(deployed.find((d) => d.id === id)!.account, id);

      // The live edges are asked for a published site all along: every answer is the site.
      const servingEdges = new Set<KilnProcess>([edge1, edge2]);
      const edgeFailures: string[] = [];
      let edgeRequests = 0;
      let watching = true;
      const watcher = (async () => {
        while (watching) {
          for (const edge of [...servingEdges]) {
            const got = await edgeGet(edge.port, `ada-one.${inst!.hostingDomain}`).catch((err: Error) => ({ status: 0, body: Buffer.from(err.message) }));
            edgeRequests++;
            // The edge may be the one just killed: only a live edge's answer counts.
            if (!servingEdges.has(edge)) continue;
            if (got.status !== 200 || got.body.toString() !== '<h1>ada-one</h1>') edgeFailures.push(`${edge.name}: ${got.status} ${got.body}`);
          }
          // A pace for the load (about 40 rounds a second), not a wait for anything.
          await new Promise((r) => setTimeout(r, 25));
        }
      })();

      // The slow build: only worker A runs, so it is A that holds the half-downloaded archive.
      const slowId = await deploy(bo, 'bo-slow', 'url', { path: '/slow.zip' });
      await host.slowStalled;
      expect((await deploymentOf(bo, slowId))?.status).toBe('building');
      const workerB = await inst.start('worker', 'workerB');
      expect((await deploymentOf(bo, slowId))?.status).toBe('building');
      await workerA.crash();
      const workerKilledAt = Date.now();
      expect((await workerA.exited).signal).toBe('SIGKILL');

      servingEdges.delete(edge1);
      await edge1.crash();
      const edgeKilledAt = Date.now();
      expect((await edge1.exited).signal).toBe('SIGKILL');
      // Its replacement starts while the second wave is built and announced, and while the dead edge is
      // still in the registry (its entry outlives it by up to three heartbeats): a publish waits for it in vain.
      const startingEdge3 = inst.start('edge', 'edge3');
      const secondWave = [
        await deploy(cy, 'cy-two', 'upload'),
        await deploy(ada, 'ada-two', 'upload'),
        await deploy(bo, 'bo-two', 'url'),
        // A preview of a site the watcher reads: its production address keeps serving the first deployment.
        await deploy(ada, 'ada-one', 'url', { environment: 'preview', label: 'ada-one-preview' }),
      ];
      const edge3 = await startingEdge3;
      servingEdges.add(edge3);
      for (const id of secondWave) await published(deployed.find((d) => d.id === id)!.account, id);
      const secondWavePublishedAt = Date.now();
      await published(bo, slowId);
      const slowPublishedAt = Date.now();

      loading = false;
      await Promise.all(loops);
      watching = false;
      await watcher;
      const doneAt = Date.now();

      // Every request to a web was answered; no 5xx but a 503 that says when to come back.
      const unanswered = answers.filter((a) => a.error !== undefined);
      expect(unanswered, JSON.stringify(unanswered.slice(0, 5))).toEqual([]);
      const serverErrors = answers.filter((a) => a.status! >= 500 && !(a.status === 503 && a.retryAfter));
      expect(serverErrors, JSON.stringify(serverErrors.slice(0, 5))).toEqual([]);
      expect(edgeFailures.slice(0, 5)).toEqual([]);
      expect(loadFailures.slice(0, 5)).toEqual([]);

      // The killed build was taken over: its source was fetched again, in full.
      expect(host.slowRequests()).toBe(2);
      const logs = await (await call(`/v1/hosting/deployments/${slowId}/logs`, { headers: bo.auth }))!.json();
      expect(JSON.stringify(logs)).toMatch(/Build started[\s\S]*Build started/);

      // Every deployment is served by both live edges: a production one at its site, a preview at its own address.
      for (const d of deployed) {
        const hostName = d.environment === 'production' ? `${d.site}.${inst.hostingDomain}` : `${d.id.replace(/^dep_/, '')}--${d.site}.${inst.hostingDomain}`;
        for (const edge of [edge2, edge3]) {
          const index = await edgeGet(edge.port, hostName, '/');
          expect(`${edge.name} ${hostName} ${index.status} ${index.body}`).toBe(`${edge.name} ${hostName} 200 <h1>${d.label}</h1>`);
          const css = await edgeGet(edge.port, hostName, '/style.css');
          expect(css.body.toString()).toBe(SHARED_CSS);
        }
      }

      // Billed once: one ledger row per accepted job with its tokens, totals equal to the ledger, nothing still held.
      expect(textJobs.length).toBeGreaterThan(0);
      const ids = textJobs.map((j) => j.id);
      expect(new Set(ids).size).toBe(ids.length);
      const ledger = await db.select().from(usageLedger).where(inArray(usageLedger.sourceId, ids));
      expect(ledger).toHaveLength(ids.length);
      const billed = new Map(ledger.map((row) => [row.sourceId, row.quantity]));
      for (const job of textJobs) expect(billed.get(job.id), job.id).toBe(job.tokens);
      expect(await db.select().from(usageReservations)).toEqual([]);
      for (const account of accounts) {
        const expected = textJobs.filter((j) => j.account === account).reduce((n, j) => n + j.tokens, 0);
        const rows = await db.select().from(usageTotals).where(eq(usageTotals.accountId, account.accountId));
        expect(rows.map((r) => [r.metric, r.total, r.reserved])).toEqual([['text_tokens', expected, 0]]);
        const siteBytes = deployed
          .filter((d) => d.account === account)
          .reduce((n, d) => n + Buffer.byteLength(`<h1>${d.label}</h1>`), Buffer.byteLength(SHARED_CSS));
        const [stored] = await db.select().from(accountStorage).where(eq(accountStorage.accountId, account.accountId));
        expect(stored!.siteBytes).toBe(siteBytes);
        // Both webs report it (their caches are told of every bill).
        for (const web of webs) {
          const report = await until(`${web.name} to report ${account.name}'s usage`, async () => {
            const res = await call('/v1/usage', { headers: account.auth }, web);
            const body = res?.status === 200 ? await res.json() : null;
            return body && body.usage.text_tokens >= expected ? body : null;
          });
          expect(report.usage).toMatchObject({ text_tokens: expected, images_generated: 0 });
          expect(report.storage.site_bytes).toBe(siteBytes);
        }
      }

      // Jobs run again: those the killed worker held (not asserted: it may have held none at that moment).
      const rerun = (await db.select({ attempts: jobs.attempts }).from(jobs).where(inArray(jobs.id, ids))).filter((j) => j.attempts > 1).length;
      console.log(
        `[whole] ${REDIS_TOPOLOGY} Redis: ${rerun} text jobs run twice, ${replayed} idempotent repeats replayed, ${streamed} streamed; processes up ${seconds(upAt - started)} after the start; ${answers.length} API requests, ` +
          `${textJobs.length} text jobs, ${deployed.length} deployments, ${edgeRequests} edge requests; the killed build published ` +
          `${seconds(slowPublishedAt - workerKilledAt)} after the kill, the second wave ${seconds(secondWavePublishedAt - edgeKilledAt)} after the edge's; everything final ${seconds(doneAt - started)} after the start`,
      );
      void workerB;
    },
    HANG_MS * 2,
  );
});
