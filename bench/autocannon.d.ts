/**
 * Just enough of autocannon 8's programmatic API for the bench (the package ships no types and
 * @types/autocannon is not installed). Shapes follow lib/aggregateResult.js.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
      headers?: Record<string, string>;
      body?: string | Buffer;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds before a request counts as a timeout. */
      timeout?: number;
      pipelining?: number;
      title?: string;
      /** Request templates; each inherits method/headers/body from above and may rewrite itself per request. */
      requests?: Array<{
        method?: string;
        path?: string;
        headers?: Record<string, string>;
        body?: string;
        setupRequest?: (req: { method?: string; path?: string; headers?: Record<string, string>; body?: string }, context: Record<string, unknown>) => unknown;
      }>;
    }

    /** Percentile keys are p0_001 … p99_999; latency values are in ms. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
      [key: string]: number;
    }

    interface Result {
      title?: string;
      url: string;
      connections: number;
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram & { totalCount: number };
      requests: Histogram & { sent: number };
      throughput: Histogram;
    }

    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
