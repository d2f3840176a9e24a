/** Shared shapes of the bench: what a scenario gets, and what it gives back. */

export interface BenchContext {
  /** Root URL of the bare Hono hello-world (the baseline). */
  baselineUrl: string;
  /** Root URL of the Kiln service under test (web + workers in one process). */
  apiUrl: string;
  /** A business-plan key with a rate limit high enough never to refuse (the limiter still runs). */
  apiKey: string;
  accountId: string;
  /** Measured seconds per scenario (BENCH_DURATION). */
  durationS: number;
  /** Seconds of load before each measurement, thrown away (BENCH_WARMUP). */
  warmupS: number;
}

/** What the user saw when the load got non-2xx answers: one plain request with the same shape. */
export interface ErrorProbe {
  status: number | null;
  body: string;
}

export interface Result {
  name: string;
  method: string;
  url: string;
  connections: number;
  durationS: number;
  /** Mean of autocannon's per-second samples. */
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; avg: number; max: number };
  requests: number;
  non2xx: number;
  /** Socket errors and timeouts (no HTTP answer at all). */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  errorProbe?: ErrorProbe;
}

/**
 * A target a row must meet. `rpsRatio` is requests/s over the reference baseline (0.35 = 35 %);
 * latencies are in ms.
 */
export interface Target {
  metric: 'rpsRatio' | 'p50' | 'p99' | 'rps';
  op: '>=' | '<';
  value: number;
}

export interface Scenario {
  name: string;
  /**
   * `baseline` rows are run first and again last, and their mean is the reference; `api` rows get a
   * ratio against it; `diagnostic` rows are API rows that exist to explain others (no target).
   */
  kind: 'baseline' | 'api' | 'diagnostic';
  /** One line for the reader: what the row measures. */
  description: string;
  targets?: Target[];
  run(ctx: BenchContext): Promise<Result>;
}
