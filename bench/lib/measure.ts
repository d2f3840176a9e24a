import autocannon from 'autocannon';
import type { ErrorProbe, Result } from './types';

export interface MeasureOptions {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationS: number;
  warmupS: number;
  /** Per-request timeout in seconds (autocannon's default is 10). */
  timeoutS?: number;
  /** Rewrites each request before it is sent (autocannon's `requests[].setupRequest`), e.g. to vary the body. */
  setupRequest?: (req: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) => typeof req;
}

function run(opts: MeasureOptions, durationS: number) {
  return autocannon({
    title: opts.name,
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections,
    duration: durationS,
    timeout: opts.timeoutS ?? 10,
    ...(opts.setupRequest ? { requests: [{ setupRequest: opts.setupRequest }] } : {}),
  });
}

/** One plain request of the same shape, so the reader sees why the load got non-2xx answers. */
export async function probe(opts: Pick<MeasureOptions, 'url' | 'method' | 'headers' | 'body'>): Promise<ErrorProbe> {
  try {
    const res = await fetch(opts.url, { method: opts.method ?? 'GET', headers: opts.headers, body: opts.body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    return { status: res.status, body: text.length > 500 ? `${text.slice(0, 500)}…` : text };
  } catch (err) {
    return { status: null, body: `request failed: ${(err as Error).message}` };
  }
}

/**
 * The one way every scenario loads a URL: `warmupS` of the same load (thrown away), then `durationS`
 * measured. When anything but 2xx came back, a plain request of the same shape is made and its answer
 * kept in `errorProbe` (under load the answer may differ: the status-code counts are kept too).
 */
export async function measure(opts: MeasureOptions): Promise<Result> {
  if (opts.warmupS > 0) await run(opts, opts.warmupS);
  const r = await run(opts, opts.durationS);
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
  const result: Result = {
    name: opts.name,
    method: opts.method ?? 'GET',
    url: opts.url,
    connections: opts.connections,
    durationS: r.duration,
    rps: r.requests.average,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, avg: r.latency.average, max: r.latency.max },
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    bytesPerSec: r.throughput.average,
  };
  if (r.non2xx > 0 || r.errors > 0) result.errorProbe = await probe(opts);
  return result;
}
