import { connect, type Socket } from 'node:net';
import type { Result } from './types';

/**
 * A minimal keep-alive HTTP/1.1 GET load generator for large responses, next to autocannon.
 *
 * Why: autocannon 8 appends every body chunk to a string (`req.body += data` in
 * lib/pipelinedRequestsQueue.js), i.e. it UTF-8-decodes and copies every byte it receives. With 1 MB
 * bodies that caps it at ~75 MiB/s (~75 req/s) on this machine whatever the server does, while node's
 * own client reads the same server at ~750 req/s. This client only counts body bytes (responses must
 * carry Content-Length, which both the edge and the plain server send), so the server is what is measured.
 */
export interface RawLoadOptions {
  name: string;
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationS: number;
  warmupS: number;
  timeoutS?: number;
}

const CRLFCRLF = Buffer.from('\r\n\r\n');

interface RunStats {
  latencies: number[];
  samples: number[];
  statusCodes: Record<string, number>;
  bytes: number;
  errors: number;
  timeouts: number;
  elapsedS: number;
}

function runOnce(opts: RawLoadOptions, durationS: number): Promise<RunStats> {
  const u = new URL(opts.url);
  const host = opts.headers?.host ?? opts.headers?.Host ?? u.host;
  const extra = Object.entries(opts.headers ?? {})
    .filter(([k]) => k.toLowerCase() !== 'host')
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const request = Buffer.from(`GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${host}\r\n${extra}\r\n`);
  const port = Number(u.port || 80);
  const timeoutMs = (opts.timeoutS ?? 10) * 1000;

  const stats: RunStats = { latencies: [], samples: [], statusCodes: {}, bytes: 0, errors: 0, timeouts: 0, elapsedS: 0 };
  let stopped = false;
  let thisSecond = 0;
  const sockets = new Set<Socket>();

  const startConnection = () => {
    if (stopped) return;
    let header: Buffer | null = Buffer.alloc(0);
    let remaining = 0;
    let status = 0;
    let sentAt = 0;
    let timer: NodeJS.Timeout | undefined;
    const sock = connect(port, u.hostname);
    sock.setNoDelay(true);
    sockets.add(sock);
    const send = () => {
      if (stopped) return;
      header = Buffer.alloc(0);
      remaining = -1;
      sentAt = performance.now();
      timer = setTimeout(() => {
        stats.timeouts++;
        stats.errors++;
        sock.destroy();
      }, timeoutMs);
      sock.write(request);
    };
    const complete = () => {
      clearTimeout(timer);
      stats.latencies.push(performance.now() - sentAt);
      stats.statusCodes[status] = (stats.statusCodes[status] ?? 0) + 1;
      thisSecond++;
      send();
    };
    sock.on('connect', send);
    sock.on('data', (chunk: Buffer) => {
      stats.bytes += chunk.length;
      let rest = chunk;
      while (rest.length > 0) {
        if (remaining === -1) {
          header = header!.length ? Buffer.concat([header!, rest]) : rest;
          const end = header.indexOf(CRLFCRLF);
          if (end === -1) return;
          const head = header.toString('latin1', 0, end);
          status = Number(head.slice(9, 12));
          const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (!m) {
            stats.errors++;
            sock.destroy(new Error('response without Content-Length'));
            return;
          }
          remaining = Number(m[1]);
          rest = header.subarray(end + 4);
          header = null;
          if (remaining === 0) {
            complete();
            continue;
          }
        }
        const take = Math.min(remaining, rest.length);
        remaining -= take;
        rest = rest.subarray(take);
        if (remaining === 0) complete();
        else return;
      }
    });
    sock.on('error', () => {
      if (!stopped) stats.errors++;
    });
    sock.on('close', () => {
      clearTimeout(timer);
      sockets.delete(sock);
      if (!stopped) setTimeout(startConnection, 10);
    });
  };

  return new Promise((resolve) => {
    const started = performance.now();
    for (let i = 0; i < opts.connections; i++) startConnection();
    const ticker = setInterval(() => {
      stats.samples.push(thisSecond);
      thisSecond = 0;
    }, 1000);
    setTimeout(
      () => {
        stopped = true;
        clearInterval(ticker);
        stats.elapsedS = (performance.now() - started) / 1000;
        for (const s of sockets) s.destroy();
        resolve(stats);
      },
      durationS * 1000 + 5,
    );
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Same contract as measure(): warm-up thrown away, then `durationS` measured, in the same Result shape. */
export async function measureRaw(opts: RawLoadOptions): Promise<Result> {
  if (opts.warmupS > 0) await runOnce(opts, opts.warmupS);
  const s = await runOnce(opts, opts.durationS);
  const sorted = Float64Array.from(s.latencies).sort();
  const lat = Array.from(sorted);
  const requests = s.latencies.length;
  const non2xx = Object.entries(s.statusCodes).reduce((n, [code, c]) => (code.startsWith('2') ? n : n + c), 0);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name: opts.name,
    method: 'GET',
    url: opts.url,
    connections: opts.connections,
    durationS: round(s.elapsedS),
    rps: s.samples.length ? s.samples.reduce((a, b) => a + b, 0) / s.samples.length : 0,
    latencyMs: {
      p50: Math.round(percentile(lat, 50)),
      p90: Math.round(percentile(lat, 90)),
      p99: Math.round(percentile(lat, 99)),
      avg: round(requests ? lat.reduce((a, b) => a + b, 0) / requests : 0),
      max: Math.round(lat[lat.length - 1] ?? 0),
    },
    requests,
    non2xx,
    errors: s.errors,
    timeouts: s.timeouts,
    statusCodes: s.statusCodes,
    bytesPerSec: s.bytes / s.elapsedS,
  };
}
