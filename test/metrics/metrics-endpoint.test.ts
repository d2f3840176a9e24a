import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { type Spawned, spawnKiln } from '../support/processes';
import { createTestAccount, jsonRequest, startTestService, testEnv, type TestService } from '../support/runtime';
import { samples } from '../support/prometheus';
import { until } from '../support/until';

/**
 * A `web` and a `worker` started as `src/main.ts ROLE` with METRICS_PORT=0: each serves Prometheus text
 * on a port of its own, labelled by route template (never the raw path, whose ids would make a series per
 * request), while the API port answers /metrics 404. On a database of its own, as the worker sweeps.
 */
describe('metrics', () => {
  let own: OwnDatabase;
  let svc: TestService;
  const processes: Spawned[] = [];
  let api = '';
  let webMetrics = '';
  let workerMetrics = '';
  let auth: Record<string, string>;

  beforeAll(async () => {
    own = await createOwnDatabase('metrics');
    svc = await startTestService({ DATABASE_URL: own.url });
    const env = testEnv({ DATABASE_URL: own.url, LOG_LEVEL: 'info', METRICS_PORT: '0' });
    const web = spawnKiln('web', env);
    const worker = spawnKiln('worker', { ...env, WORKER_QUEUES: 'text' });
    processes.push(web, worker);
    const port = (line: string) => JSON.parse(line).port as number;
    api = `http://127.0.0.1:${port(await web.waitForLine(/"API listening"/))}`;
    webMetrics = `http://127.0.0.1:${port(await web.waitForLine(/"metrics listening"/))}/metrics`;
    workerMetrics = `http://127.0.0.1:${port(await worker.waitForLine(/"metrics listening"/))}/metrics`;
    await worker.waitForLine(/"workers started"/);
    ({ auth } = await createTestAccount(svc.rt));
  }, 240_000);
  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await svc?.close();
    await own?.drop();
  });

  it('counts API requests by route template, method and status; /metrics is not on the API port', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${api}/v1/usage`, { headers: auth })).status).toBe(200);
    const ids = ['job_aaaaaaaaaaaaaaaaaaaaaa', 'job_bbbbbbbbbbbbbbbbbbbbbb'];
    for (const id of ids) expect((await fetch(`${api}/v1/jobs/${id}`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${api}/metrics`)).status).toBe(404);
    expect((await fetch(`${api}/no/such/${ids[0]}`)).status).toBe(404);

    const res = await fetch(webMetrics);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const requests = samples(text, 'kiln_http_requests_total');
    expect(requests).toContainEqual({ labels: { route: '/v1/usage', method: 'GET', status: '200' }, value: 3 });
    expect(requests).toContainEqual({ labels: { route: '/v1/jobs/:id', method: 'GET', status: '404' }, value: 2 });
    // A raw path (with its id) never becomes a label value.
    expect(text).not.toContain('job_aaaaaaaaaaaaaaaaaaaaaa');
    expect(requests.some((s) => s.labels.route === 'unmatched' && s.labels.status === '404')).toBe(true);
    expect(samples(text, 'kiln_http_request_duration_seconds_count')).toContainEqual({
      labels: { route: '/v1/usage', method: 'GET', status: '200' },
      value: 3,
    });
    // Runtime defaults, and every queue's counts read at scrape time.
    expect(samples(text, 'process_cpu_seconds_total').length).toBe(1);
    expect(samples(text, 'nodejs_eventloop_lag_seconds').length).toBe(1);
    const states = new Set(samples(text, 'kiln_queue_jobs').map((s) => s.labels.state));
    expect([...states].sort()).toEqual(['active', 'delayed', 'failed', 'waiting']);
    expect(samples(text, 'kiln_queue_jobs').some((s) => s.labels.queue === 'text')).toBe(true);
    expect((await fetch(webMetrics.replace('/metrics', '/'))).status).toBe(404);
  });

  it("times the worker's jobs by queue and job name", async () => {
    const res = await fetch(`${api}/v1/text/generate`, jsonRequest({ prompt: 'metrics, please', max_tokens: 10 }, auth));
    expect(res.status).toBe(200);
    const text = await until('the job in the worker metrics', async () => {
      const t = await (await fetch(workerMetrics)).text();
      return samples(t, 'kiln_job_duration_seconds_count').some((s) => s.labels.job === 'text.generate') ? t : null;
    });
    expect(samples(text, 'kiln_job_duration_seconds_count')).toContainEqual({ labels: { queue: 'text', job: 'text.generate', outcome: 'ok' }, value: 1 });
    expect(text).toContain('# TYPE kiln_job_failures_total counter');
  });
});
