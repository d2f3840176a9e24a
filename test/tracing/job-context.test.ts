import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace, type SpanContext } from '@opentelemetry/api';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../src/roles/web-app';
import { callProvider, ProviderError, readJson } from '../../src/engines/provider-error';
import { JOBS } from '../../src/queue/registry';
import { activeTraceCarrier, contextOfCarrier } from '../../src/tracing/carrier';
import { startTracing, type Tracing } from '../../src/tracing/start';
import { kilnTracer } from '../../src/tracing/tracer';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlp-receiver';
import { createTestAccount, startTestService, type TestService } from '../support/runtime';
import { until } from '../support/until';

/** Runs `fn` inside a new active span and answers that span's context. */
function inSpan(name: string, fn: () => Promise<unknown>): Promise<SpanContext> {
  return kilnTracer().startActiveSpan(name, async (span) => {
    try {
      await fn();
      return span.spanContext();
    } finally {
      span.end();
    }
  });
}

function traceIdOf(metadata: string | undefined): string {
  return (JSON.parse(metadata ?? '{}') as { traceparent: string }).traceparent.split('-')[1]!;
}

/**
 * The trace context of queued jobs, with tracing started in this process (once: the API takes one global
 * provider) against a collector on loopback, and the jobs left waiting in this file's own queues (no
 * worker runs them). The batch processor exports every 50 ms, so the spans arrive while the tests wait.
 */
let collector: OtlpReceiver;
let svc: TestService;
let tracing: Tracing | null;

beforeAll(async () => {
  collector = await startOtlpReceiver();
  svc = await startTestService();
  process.env.OTEL_BSP_SCHEDULE_DELAY = '50';
  tracing = await startTracing({ ...svc.rt.config, OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint }, 'test', svc.rt.log);
});
afterAll(async () => {
  await tracing?.shutdown();
  await svc?.close();
  await collector?.close();
});

function producerSpans(traceIds: string[], count: number) {
  return until('the producer spans', async () => {
    const found = collector.spans().filter((s) => s.name === 'send webhook.deliver' && traceIds.includes(s.traceId));
    return found.length === count ? found : null;
  });
}

describe('trace context in jobs', () => {
  it("rides in the job's options, not its payload; re-adding under the same id keeps the first", async () => {
    const id = `whd_${randomBytes(8).toString('hex')}`;
    const add = () => svc.rt.queues.enqueue('webhook.deliver', { id, attempt: 1 }, { jobId: id, account: null });
    const first = await inSpan('first', add);
    const second = await inSpan('second', add);
    expect(second.traceId).not.toBe(first.traceId);
    const job = (await svc.rt.queues.get('webhooks').getJob(id))!;
    expect(job.data).toEqual({ id, attempt: 1 });
    expect(v.safeParse(JOBS['webhook.deliver'].payload, job.data).success).toBe(true);
    expect(traceIdOf(job.opts.telemetry?.metadata)).toBe(first.traceId);
    // Both adds made a producer span, each in its caller's trace.
    const sends = await producerSpans([first.traceId, second.traceId], 2);
    expect(sends.find((s) => s.traceId === first.traceId)).toMatchObject({ parentSpanId: first.spanId, kind: 4 });
  });
});

describe('trace carriers', () => {
  it('a carrier that does not parse, or names no trace, continues nothing', () => {
    for (const bad of ['{', '"x"', 'null', '{"traceparent":"00-zz-yy-01"}', '', null, undefined])
      expect(trace.getSpanContext(contextOfCarrier(bad))).toBeUndefined();
  });

  it('is null with no active span', () => {
    expect(activeTraceCarrier()).toBeNull();
  });

  it('of a span kept by the sampler says so, and continues its trace', async () => {
    let carrier = '';
    const ctx = await inSpan('x', async () => {
      carrier = activeTraceCarrier()!;
    });
    expect(JSON.parse(carrier)).toEqual({ traceparent: `00-${ctx.traceId}-${ctx.spanId}-01` });
    expect(trace.getSpanContext(contextOfCarrier(carrier))).toMatchObject({ traceId: ctx.traceId, spanId: ctx.spanId, isRemote: true });
  });
});

describe('bulk adds', () => {
  it('each job continues the trace it was given, with one producer span per trace', async () => {
    let a = '';
    let b = '';
    const ctxA = await inSpan('a', async () => {
      a = activeTraceCarrier()!;
    });
    const ctxB = await inSpan('b', async () => {
      b = activeTraceCarrier()!;
    });
    const ids = [0, 1, 2].map(() => `whd_${randomBytes(8).toString('hex')}`);
    await svc.rt.queues.enqueueBulk(
      'webhook.deliver',
      ids.map((id, i) => ({ payload: { id, attempt: 1 }, opts: { jobId: id, account: null, trace: i === 1 ? b : a } })),
    );
    const jobs = await Promise.all(ids.map(async (id) => (await svc.rt.queues.get('webhooks').getJob(id))!));
    expect(jobs.map((j) => traceIdOf(j.opts.telemetry?.metadata))).toEqual([ctxA.traceId, ctxB.traceId, ctxA.traceId]);
    // The two jobs of trace a share its one producer span.
    expect(jobs[0]!.opts.telemetry?.metadata).toBe(jobs[2]!.opts.telemetry?.metadata);
    const sends = await producerSpans([ctxA.traceId, ctxB.traceId], 2);
    const inA = sends.find((s) => s.traceId === ctxA.traceId)!;
    expect(inA).toMatchObject({ parentSpanId: ctxA.spanId, kind: 4 });
    expect(inA.attributes['messaging.batch.message_count']).toBe(2);
    expect(sends.find((s) => s.traceId === ctxB.traceId)).toMatchObject({ parentSpanId: ctxB.spanId });
  });
});

describe('calls to providers', () => {
  it("are CLIENT spans under the caller's, and send the span's traceparent", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on('end', () => {
        const ok = req.url === '/ok';
        res.writeHead(ok ? 200 : 500, { 'content-type': 'application/json' }).end(ok ? '{"answer":42}' : '{"error":"down"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const call = (path: string) =>
      callProvider({
        endpoint: `${base}${path}`,
        body: '{}',
        timeoutMs: 10_000,
        server: 'text server',
        ErrorClass: ProviderError,
        read: (res) => readJson<{ answer: number }, ProviderError>(res, 'text server', ProviderError),
      });
    try {
      let answer: { answer: number } | undefined;
      const caller = await inSpan('caller', async () => {
        answer = await call('/ok');
        await expect(call('/down')).rejects.toThrow(ProviderError);
      });
      expect(answer).toEqual({ answer: 42 });
      const posts = await until('the client spans', async () => {
        const found = collector.spans().filter((s) => s.traceId === caller.traceId && s.kind === 3);
        return found.length === 2 ? found : null;
      });
      for (const post of posts) expect(post).toMatchObject({ name: 'POST', parentSpanId: caller.spanId });
      const ok = posts.find((p) => p.attributes['http.response.status_code'] === 200)!;
      expect(ok.attributes).toMatchObject({ 'kiln.remote': 'text server', 'server.address': '127.0.0.1', 'url.scheme': 'http' });
      expect(ok.status).toBe(0);
      expect(posts.find((p) => p.attributes['http.response.status_code'] === 500)!.status).toBe(2);
      expect(seen.map((h) => h.traceparent).sort()).toEqual(posts.map((p) => `00-${caller.traceId}-${p.spanId}-01`).sort());
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('API requests', () => {
  it('are SERVER spans named by route template; probes are not traced; a bad traceparent starts a new trace', async () => {
    // Made after tracing started: the app adds its tracing middleware only then.
    const app = createWebApp(svc.rt);
    const { auth } = await createTestAccount(svc.rt);
    const given = randomBytes(16).toString('hex');
    const job = `job_${'a'.repeat(22)}`;
    expect((await app.request(`/v1/jobs/${job}`, { headers: { ...auth, traceparent: `00-${given}-${randomBytes(8).toString('hex')}-01` } })).status).toBe(404);
    expect((await app.request('/v1/usage', { headers: { ...auth, traceparent: '00-not-a-trace-01' } })).status).toBe(200);
    expect((await app.request('/healthz')).status).toBe(200);
    expect((await app.request('/no/such/path')).status).toBe(404);
    const servers = await until('the server spans', async () => {
      const found = collector.spans().filter((s) => s.kind === 2);
      return found.length >= 3 ? found : null;
    });
    expect(servers.find((s) => s.traceId === given)).toMatchObject({
      name: 'GET /v1/jobs/:id',
      status: 0,
      attributes: { 'http.route': '/v1/jobs/:id', 'http.response.status_code': 404 },
    });
    expect(servers.find((s) => s.name === 'GET /v1/usage')).toMatchObject({ parentSpanId: '' });
    const unmatched = servers.find((s) => s.name === 'GET')!;
    expect(unmatched.attributes['http.response.status_code']).toBe(404);
    expect(unmatched.attributes['http.route']).toBeUndefined();
    expect(servers.map((s) => s.name).sort()).toEqual(['GET', 'GET /v1/jobs/:id', 'GET /v1/usage']);
    // No raw path is recorded at all: some hold a credential (a deploy hook's secret).
    expect(JSON.stringify(servers)).not.toContain(job);
  });
});
