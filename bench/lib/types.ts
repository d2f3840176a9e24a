/** Shared shapes of the bench: what a scenario gets, and what it gives back. */
import type { Child } from './processes';

export interface BenchContext {
  /** Root URL of the bare Hono hello-world (the baseline). */
  baselineUrl: string;
  /** Root URL of the Kiln service under test (web + workers + edge in one process). */
  apiUrl: string;
  /** A business-plan key with a rate limit high enough never to refuse (the limiter still runs). */
  apiKey: string;
  accountId: string;
  /** Measured seconds per scenario (BENCH_DURATION). */
  durationS: number;
  /** Seconds of load before each measurement, thrown away (BENCH_WARMUP). */
  warmupS: number;
  /** Root URL of Kiln's edge over plain HTTP (sites are picked by the Host header). */
  edgeUrl: string;
  /** HOSTING_DOMAIN Kiln runs with: a site is served at `{site}.{hostingDomain}`. */
  hostingDomain: string;
  /** The throwaway database Kiln uses (for queue-drain polling). */
  databaseUrl: string;
  /** The environment Kiln runs with (database, Redis prefix, storage), for extra Kiln processes a scenario starts. */
  kilnEnv: NodeJS.ProcessEnv;
  /** The Kiln process under test (to read its CPU time). */
  kilnPid: number;
  /** The repository root (to start helper processes). */
  root: string;
  /** Starts `node --import tsx <args>` as a child that the run stops at cleanup. */
  startChild(name: string, args: string[], env: NodeJS.ProcessEnv): Child;
  /** Registers work to run at cleanup (servers opened in the bench process, clients). */
  onCleanup(fn: () => Promise<void> | void): void;
  /** Prints an indented progress line under the scenario being run. */
  say(line: string): void;
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
  /** `p95` only where a scenario times its own requests (autocannon reports no p95). */
  latencyMs: { p50: number; p90: number; p95?: number; p99: number; avg: number; max: number };
  requests: number;
  non2xx: number;
  /** Socket errors and timeouts (no HTTP answer at all). */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Mean response bytes/s (autocannon's throughput average). */
  bytesPerSec?: number;
  errorProbe?: ErrorProbe;
}

/**
 * A target a row must meet. `rpsRatio` is requests/s over the reference baseline (0.35 = 35 %);
 * `peerRatio` is requests/s over the row's `peer` (another row of the same scenario, e.g. a plain
 * server serving the same bytes); latencies are in ms.
 */
export interface Target {
  metric: 'rpsRatio' | 'peerRatio' | 'p50' | 'p99' | 'rps';
  op: '>=' | '<';
  value: number;
}

/** A target on a timing (seconds). */
export interface TimingTarget {
  stat: 'min' | 'median' | 'max';
  op: '>=' | '<';
  /** In the timing's unit (seconds by default). */
  value: number;
}

/** One load-test row a scenario produced. */
export interface OutputRow {
  label: string;
  kind: 'api' | 'diagnostic' | 'reference';
  description: string;
  result: Result;
  targets?: Target[];
  /** Label of the row this one is compared with (the "vs peer" column and `peerRatio` targets). */
  peer?: string;
}

/** A measured quantity: one or more samples, in seconds unless `unit` says otherwise. */
export interface Timing {
  label: string;
  description: string;
  /** Samples in `unit` (the name stays from when every timing was in seconds). */
  samplesS: number[];
  /** Default 's'. E.g. 'MiB' for peak memory, '×' for a real-time factor, 'docs/s' for a rate. */
  unit?: string;
  /** Everything finished as it should (e.g. every deployment published): targets are INVALID otherwise. */
  ok: boolean;
  /** Why it is not ok, or anything the reader should know. */
  note?: string;
  targets?: TimingTarget[];
}

export interface ScenarioOutput {
  rows: OutputRow[];
  timings?: Timing[];
}

export interface Scenario {
  name: string;
  /**
   * `baseline` rows are run first and again last, and their mean is the reference; `api` rows get a
   * ratio against it; `diagnostic` rows are API rows that exist to explain others (no target);
   * `group` scenarios produce several rows and/or timings of their own (ScenarioOutput).
   */
  kind: 'baseline' | 'api' | 'diagnostic' | 'group';
  /** One line for the reader: what the row measures. */
  description: string;
  targets?: Target[];
  run(ctx: BenchContext): Promise<Result | ScenarioOutput>;
}
