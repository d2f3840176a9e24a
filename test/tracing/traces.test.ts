import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { type Spawned, spawnKiln } from '../support/processes';
import { createTestAccount, jsonRequest, startTestService, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';
import { startReceiver, type Receiver } from '../webhooks/receiver';

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/** Reports, at exit, which @opentelemetry packages the process loaded. */
const REPORT_MODULES = `--import ${new URL('../support/report-otel-modules.mjs', import.meta.url).pathname}`;

function logLines(p: Spawned): Record<string, any>[] {
  return p
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>);
}

function loadedPackages(p: Spawned): string[] {
  const line = logLines(p).find((l) => l.msg === 'opentelemetry packages loaded');
  if (!line) throw new Error(`no module report in:\n${p.output()}`);
  return line.packages as string[];
}

async function stop(p: Spawned): Promise<void> {
  p.child.kill('SIGTERM');
  const { code } = await p.exited;
  expect(code).toBe(0);
}

/**
 * Traces through real processes: a `web` and a `worker` spawned with OTEL_EXPORTER_OTLP_ENDPOINT pointing
 * at a collector on loopback. One text request that carries a `traceparent` makes a job, whose completion
 * is a webhook event in the outbox, which the relay turns into a delivery to a receiver on loopback: every
 * span of that, in both processes, is one trace continuing the caller's. The batch processor's timer is
 * set far out, so the spans reach the collector only through the flush of a graceful shutdown. On a
 * database of its own, as the worker runs the outbox relay.
 */
describe('OpenTelemetry traces', () => {
  let own: OwnDatabase;
  let svc: TestService;
  let collector: OtlpReceiver;
  let hooks: Receiver;
  const processes: Spawned[] = [];
  let auth: Record<string, string>;

  beforeAll(async () => {
    own = await createOwnDatabase('traces');
    svc = await startTestService({ DATABASE_URL: own.url });
    collector = await startOtlpReceiver();
    hooks = await startReceiver();
    ({ auth } = await createTestAccount(svc.rt));
  }, 120_000);
  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await hooks?.close();
    await collector?.close();
    await svc?.close();
    await own?.drop();
  });

  it('follows a request through its job and its webhook delivery in one trace, and flushes at shutdown', async () => {
    const env = testEnv({
      DATABASE_URL: own.url,
      LOG_LEVEL: 'info',
      WEBHOOK_RELAY: 'true',
      FETCH_ALLOW_PRIVATE: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '600000',
      NODE_OPTIONS: REPORT_MODULES,
    });
    const web = spawnKiln('web', env);
    const worker = spawnKiln('worker', { ...env, WORKER_QUEUES: 'text,webhooks' });
    processes.push(web, worker);
    const api = `http://127.0.0.1:${JSON.parse(await web.waitForLine(/"API listening"/)).port}`;
    await worker.waitForLine(/"workers started"/);
    expect(JSON.parse(await web.waitForLine(/"tracing on"/)).service).toBe('kiln-web');

    const created = await fetch(`${api}/v1/webhooks`, jsonRequest({ url: hooks.url('/hook'), event_types: ['job.completed'] }, auth));
    expect(created.status).toBe(201);

    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const res = await fetch(
      `${api}/v1/text/generate`,
      jsonRequest({ prompt: 'trace me', max_tokens: 10 }, { ...auth, traceparent: `00-${traceId}-${callerSpan}-01` }),
    );
    expect(res.status).toBe(200);
    const arrival = await until('the webhook delivery', async () => hooks.received('/hook')[0]);
    await until('the delivery job to finish', async () => logLines(worker).some((l) => l.msg === 'job done' && l.job === 'webhook.deliver'));
    // Nothing was exported on the batch timer: what arrives below is the shutdown's flush.
    expect(collector.requests()).toBe(0);
    await Promise.all([stop(web), stop(worker)]);

    const spans = collector.spans().filter((s) => s.traceId === traceId);
    const one = (what: string, match: (s: ReceivedSpan) => boolean): ReceivedSpan => {
      const found = spans.filter(match);
      expect(found, `${what} in ${JSON.stringify(spans, null, 1)}`).toHaveLength(1);
      return found[0]!;
    };
    const server = one('the request span', (s) => s.kind === SERVER);
    expect(server).toMatchObject({ service: 'kiln-web', name: 'POST /v1/text/generate', parentSpanId: callerSpan, status: 0 });
    expect(server.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/v1/text/generate', 'http.response.status_code': 200 });
    const send = one('the enqueue span', (s) => s.kind === PRODUCER && s.name === 'send text.generate');
    expect(send).toMatchObject({ service: 'kiln-web', parentSpanId: server.spanId });
    expect(send.attributes).toMatchObject({ 'messaging.system': 'bullmq', 'messaging.destination.name': 'text' });
    const job = one('the job span', (s) => s.kind === CONSUMER && s.name === 'process text.generate');
    expect(job).toMatchObject({ service: 'kiln-worker', parentSpanId: send.spanId });
    expect(job.attributes).toMatchObject({ 'messaging.destination.name': 'text', 'kiln.job.attempt': 1 });
    const relay = one('the relay span', (s) => s.kind === PRODUCER && s.name === 'send webhook.deliver');
    expect(relay).toMatchObject({ service: 'kiln-worker', parentSpanId: job.spanId });
    const delivery = one('the delivery span', (s) => s.kind === CONSUMER && s.name === 'process webhook.deliver');
    expect(delivery).toMatchObject({ service: 'kiln-worker', parentSpanId: relay.spanId });
    expect(delivery.attributes['kiln.webhook.outcome']).toBe('succeeded');
    const post = one('the POST span', (s) => s.kind === CLIENT);
    expect(post).toMatchObject({ name: 'POST', parentSpanId: delivery.spanId });
    expect(post.attributes).toMatchObject({ 'server.address': '127.0.0.1', 'http.response.status_code': 200 });
    // Only the origin of a webhook URL is recorded: its path may hold the receiver's secret.
    expect(JSON.stringify(post.attributes)).not.toContain('/hook');
    // The receiver can join the trace, under the span of the POST that reached it.
    expect(arrival.headers.traceparent).toBe(`00-${traceId}-${post.spanId}-01`);

    // The log lines written inside those spans name them.
    const requestLine = logLines(web).find((l) => l.msg === 'request' && l.path === '/v1/text/generate');
    expect(requestLine).toMatchObject({ trace_id: traceId, span_id: server.spanId });
    const jobLine = logLines(worker).find((l) => l.msg === 'job done' && l.job === 'text.generate');
    expect(jobLine).toMatchObject({ trace_id: traceId, span_id: job.spanId });
    const startLine = logLines(web).find((l) => l.msg === 'API listening');
    expect(startLine?.trace_id).toBeUndefined();

    expect(loadedPackages(web)).toEqual(expect.arrayContaining(['sdk-trace-base', 'exporter-trace-otlp-http']));
  }, 300_000);

  it('loads no SDK, sends nothing and adds no trace ids when no endpoint is set', async () => {
    const before = collector.requests();
    const web = spawnKiln('web', testEnv({ DATABASE_URL: own.url, LOG_LEVEL: 'info', NODE_OPTIONS: REPORT_MODULES }));
    processes.push(web);
    const api = `http://127.0.0.1:${JSON.parse(await web.waitForLine(/"API listening"/)).port}`;
    const traceId = randomBytes(16).toString('hex');
    const res = await fetch(`${api}/v1/usage`, { headers: { ...auth, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } });
    expect(res.status).toBe(200);
    await web.waitForLine(/"msg":"request"/);
    await stop(web);

    const loaded = loadedPackages(web);
    for (const sdk of ['sdk-trace-base', 'sdk-trace-node', 'exporter-trace-otlp-http', 'resources', 'core', 'otlp-exporter-base'])
      expect(loaded).not.toContain(sdk);
    expect(logLines(web).find((l) => l.msg === 'tracing on')).toBeUndefined();
    const requestLine = logLines(web).find((l) => l.msg === 'request');
    expect(requestLine).toBeDefined();
    expect(requestLine!.trace_id).toBeUndefined();
    expect(web.output()).not.toContain(traceId);
    expect(collector.requests()).toBe(before);
  }, 180_000);
});
