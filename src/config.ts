import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import * as v from 'valibot';
import { parseSentinelList } from './redis-sentinel';
import { redisDatabaseOf } from './pubsub-channels';
import { ggufFileProblem } from './engines/llama/gguf-file';

/**
 * The only reader of process.env. Every setting is validated once at start, and every bad value is
 * reported in one message so an operator fixes them all in one go.
 */

const bool = (fallback: boolean) =>
  v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0', 'yes', 'no']), fallback ? 'true' : 'false'),
    v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
  );

const int = (fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

const url = (protocols: string[], fallback?: string) =>
  v.pipe(
    fallback === undefined ? v.string() : v.optional(v.string(), fallback),
    v.url('must be a URL'),
    v.check((s) => URL.canParse(s) && protocols.includes(new URL(s).protocol), `must use ${protocols.join(' or ')}`),
    v.transform((s) => s.replace(/\/+$/, '')),
  );

const optionalString = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)));

/** `image=2,text=4` → { image: 2, text: 4 }. */
const concurrencyMap = v.pipe(
  v.optional(v.string(), ''),
  v.check((s) => s === '' || s.split(',').every((p) => /^[a-z][a-z0-9-]*=\d+$/.test(p.trim())), 'must look like "image=2,text=4"'),
  v.transform(
    (s) =>
      Object.fromEntries(
        s
          .split(',')
          .filter((p) => p.trim() !== '')
          .map((p) => {
            const [name, n] = p.trim().split('=');
            return [name!, Number(n)];
          }),
      ) as Record<string, number>,
  ),
);

const envSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://postgres@127.0.0.1:5432/kiln'),
  /** Connections this process may open; every process has its own pool (docs/operations.md: the sum must fit the server's limit). */
  DATABASE_POOL_SIZE: int(10, 1, 200),
  /** How long opening a database connection may take before the request answers 503. */
  DATABASE_CONNECT_TIMEOUT_MS: int(2_000, 100, 60_000),
  /** How long a statement's answer may take; a connection silent this long (and 0.5 s) is given up on: 503. */
  DATABASE_QUERY_TIMEOUT_MS: int(2_000, 100, 600_000),
  /**
   * The same deadline in a `worker` process, whose batched writes (passages, sentence vectors, CSV rows) may
   * rightly run longer than a request should wait, and which has no caller waiting for a 503.
   */
  DATABASE_WORKER_QUERY_TIMEOUT_MS: int(60_000, 100, 600_000),
  /**
   * How long a statement or transaction waits for a connection before 503: for a free one of the pool (all
   * DATABASE_POOL_SIZE in use), and, retrying, while the server refuses more (too_many_connections). In a
   * `worker` process the wait is at least DATABASE_WORKER_QUERY_TIMEOUT_MS (a job waits out a long statement).
   * 2 s, like the other deadlines: when the database stops answering, the requests queued behind its silent
   * connections answer 503 within 2.5 s (at 5 s, 100 of them on a pool of 10 took up to 6.7 s).
   */
  DATABASE_POOL_TIMEOUT_MS: int(2_000, 0, 60_000),
  /**
   * Named prepared statements (postgres.js `prepare`). Off by default: behind a transaction pooler such as
   * PgBouncer they land on server connections that never prepared them, and writes are lost silently.
   */
  DATABASE_PREPARE: bool(false),
  /** A direct connection (not through a transaction pooler) for the release role's migrations; empty: DATABASE_URL. */
  DATABASE_MIGRATION_URL: v.optional(url(['postgres:', 'postgresql:'])),
  REDIS_URL: url(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  /**
   * Redis behind Sentinel: comma-separated `host:port` of the sentinels (port 26379 when left out). Set,
   * Kiln connects to the master they name REDIS_SENTINEL_MASTER and follows a failover; REDIS_URL then
   * gives only the password, database and TLS (`rediss:`), not the address.
   */
  REDIS_SENTINELS: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => parseSentinelList(s) !== null, 'must be comma-separated host:port of the sentinels'),
      v.transform((s) => parseSentinelList(s)!),
    ),
  ),
  /** The master's name in the sentinels' configuration (`sentinel monitor <name> …`). */
  REDIS_SENTINEL_MASTER: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, ., - and _ only'))),
  /** The sentinels' own credentials (`requirepass` / ACL user in sentinel.conf), when they ask for any. */
  REDIS_SENTINEL_USERNAME: optionalString,
  REDIS_SENTINEL_PASSWORD: optionalString,
  /**
   * Redis Cluster: `host:port,host:port,…`, some or all of its masters (the rest are found from them). Set,
   * every connection is a cluster client and each key group is hash-tagged to a slot of its own (each
   * queue, each account's rate limits, …); REDIS_URL then gives only the user, password and TLS
   * (`rediss:`) every node shares, not a host, and its database must be 0 (a cluster has no other).
   */
  REDIS_CLUSTER_NODES: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => s.split(',').every((p) => /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(p.trim())), 'must be comma-separated host:port'),
    ),
  ),
  /** Kiln's keys and channels start with `PREFIX:`. No `{}`: on a cluster Kiln hash-tags its keys itself. */
  REDIS_PREFIX: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')), 'kiln'),
  PORT: int(3000, 0, 65535),
  /** Prometheus text at /metrics on this port (every role); unset: no metrics server. 0 picks a free port. */
  METRICS_PORT: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.maxValue(65535, 'must be at most 65535'))),
  PUBLIC_URL: v.optional(url(['http:', 'https:'])),
  /**
   * OpenTelemetry traces go by OTLP/HTTP (JSON) to this collector (`/v1/traces` is appended); unset, and
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT unset too: no tracing SDK is loaded at all. The SDK reads the other
   * standard variables itself (OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER(_ARG), OTEL_BSP_*,
   * OTEL_RESOURCE_ATTRIBUTES): see docs/operations.md, Traces.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: v.optional(url(['http:', 'https:'])),
  /** The full URL traces are sent to (nothing appended); overrides OTEL_EXPORTER_OTLP_ENDPOINT for traces. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: v.optional(url(['http:', 'https:'])),
  /** `true` keeps tracing off even with an endpoint set (the specification's kill switch). */
  OTEL_SDK_DISABLED: bool(false),
  /** The traces' `service.name`; unset: `kiln-<role>` (kiln-web, kiln-worker, kiln-edge, kiln-all). */
  OTEL_SERVICE_NAME: optionalString,
  CDN_URL: v.optional(url(['http:', 'https:'])),
  CDN_SIGNING_SECRET: optionalString,
  SYNC_TIMEOUT_MS: int(60_000, 100, 600_000),
  /**
   * How long the OpenAI-compatible endpoints (/v1/chat/completions, …) wait for their job: OpenAI's API has no
   * 202, so they wait as long as OpenAI's own clients do (10 minutes) rather than SYNC_TIMEOUT_MS.
   */
  OPENAI_COMPAT_WAIT_MS: int(600_000, 100, 3_600_000),
  /**
   * With an OpenAI-compatible text provider (TEXT_PROVIDER=openai), how many POST /v1/chat/completions calls of
   * one account, over every web process, the web process answers itself (no queue hop); the account's
   * further calls at that moment are queued for the text workers. 0: always queue.
   */
  IN_PLACE_CALLS_PER_ACCOUNT: int(8, 0, 1_000),
  STORAGE_DRIVER: v.optional(v.picklist(['local', 's3']), 'local'),
  STORAGE_DIR: v.optional(v.string(), './data/blobs'),
  /** Uploads are written here while they arrive, then moved to blob storage; empty means the OS temp dir. */
  UPLOAD_TMP_DIR: v.optional(v.string(), ''),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: v.optional(url(['http:', 'https:'])),
  S3_REGION: v.optional(v.string(), 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool(true),
  ADMIN_USER: optionalString,
  ADMIN_PASSWORD: optionalString,
  /** Who may get a dashboard sign-in: `invite` (a one-time link from the CLI or an account owner), `open` (anyone, on the free plan, after confirming their email by mail: needs SMTP_URL) or `closed`. */
  DASHBOARD_SIGNUP: v.optional(v.picklist(['invite', 'open', 'closed']), 'invite'),
  /** A dashboard session ends after this long without a request… */
  DASHBOARD_SESSION_IDLE_MS: int(8 * 3_600_000, 60_000, 30 * 24 * 3_600_000),
  /** …and after this long in any case. */
  DASHBOARD_SESSION_MAX_MS: int(7 * 24 * 3_600_000, 60_000, 90 * 24 * 3_600_000),
  /** How long invitation and password-reset links work. */
  DASHBOARD_LINK_TTL_MS: int(72 * 3_600_000, 60_000, 30 * 24 * 3_600_000),
  /**
   * Where the dashboard sends its mail (password resets): `smtp://[user:pass@]host[:port]` (STARTTLS when
   * the server offers it) or `smtps://` (TLS from the start). Unset: no mail, and no self-service reset.
   */
  SMTP_URL: v.optional(url(['smtp:', 'smtps:'])),
  /** The From of that mail. */
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(200), v.regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address, e.g. "Kiln <no-reply@example.com>"')),
    'Kiln <no-reply@localhost>',
  ),
  /** Behind a reverse proxy: take the client address from the last X-Forwarded-For entry (what the proxy saw). */
  TRUST_PROXY: bool(false),
  WORKER_QUEUES: v.optional(v.string(), ''),
  WORKER_CONCURRENCY: concurrencyMap,
  IMAGE_PROVIDER: v.optional(v.picklist(['local', 'openai']), 'local'),
  OPENAI_BASE_URL: v.optional(url(['http:', 'https:'])),
  OPENAI_API_KEY: optionalString,
  OPENAI_IMAGE_MODEL: v.optional(v.string(), 'gpt-image-1'),
  TEXT_PROVIDER: v.optional(v.picklist(['local', 'openai', 'llama']), 'local'),
  OPENAI_TEXT_MODEL: v.optional(v.string(), 'gpt-4o-mini'),
  /** TEXT_PROVIDER=llama: the GGUF chat model run in each worker process (node-llama-cpp, CPU). */
  LLAMA_MODEL_PATH: optionalString,
  /** EMBEDDINGS_PROVIDER=llama: the GGUF embedding model run in each worker process. */
  LLAMA_EMBEDDINGS_MODEL_PATH: optionalString,
  /** Contexts per model per process: requests the model serves at once; a further job waits for a free one. */
  LLAMA_CONTEXTS: int(2, 1, 64),
  /** Tokens per context (prompt + reply), capped at the model's own training context. */
  LLAMA_CONTEXT_SIZE: int(4096, 256, 262_144),
  /** CPU threads per context; default half the cores (llama.cpp's threads spin, and starve everything else on a busy machine). */
  LLAMA_THREADS: int(Math.max(1, Math.floor(availableParallelism() / 2)), 1, 1024),
  /** A model is loaded only if its file + its contexts + this much memory fit in the memory free at the time. */
  LLAMA_MEMORY_RESERVE_MB: int(512, 0, 100_000_000),
  FILE_CHAT_PROVIDER: v.optional(v.picklist(['local', 'openai']), 'local'),
  SPEECH_PROVIDER: v.optional(v.picklist(['local', 'openai']), 'local'),
  OPENAI_SPEECH_MODEL: v.optional(v.string(), 'tts-1'),
  /** Voice sent to the OpenAI-compatible server for cloned voices and built-ins without their own mapping. */
  OPENAI_SPEECH_VOICE: v.optional(v.string(), 'alloy'),
  /**
   * Where file chat's and the plagiarism check's sentence vectors come from: the built-in sentence encoder
   * (`local`) or OPENAI_EMBEDDINGS_MODEL at OPENAI_BASE_URL's `/embeddings` (`openai`, any compatible server).
   * Changing it re-embeds stored documents in the background.
   */
  EMBEDDINGS_PROVIDER: v.optional(v.picklist(['local', 'openai', 'llama']), 'local'),
  OPENAI_EMBEDDINGS_MODEL: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), 'text-embedding-3-small'),
  /** Cap on a clone's sample download, counted on bytes received. */
  VOICE_SAMPLE_MAX_BYTES: int(50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  /**
   * What one uploaded file may cost to ingest (docs/security.md): PDF pages, scanned pages
   * read by text recognition, the pixels of one image and of all images on a page that is drawn for
   * recognition, characters of text and passages of a PDF or .docx, data rows of a CSV. Over one: 422
   * file_too_complex, decided before the work.
   */
  DOCUMENT_MAX_PAGES: int(2_000, 1, 1_000_000),
  DOCUMENT_MAX_SCANNED_PAGES: int(100, 0, 100_000),
  DOCUMENT_MAX_IMAGE_MEGAPIXELS: int(25, 1, 10_000),
  DOCUMENT_MAX_PAGE_MEGAPIXELS: int(40, 1, 10_000),
  DOCUMENT_MAX_TEXT_CHARS: int(5_000_000, 1_000, 1_000_000_000),
  DOCUMENT_MAX_PASSAGES: int(8_000, 1, 10_000_000),
  CSV_MAX_ROWS: int(200_000, 1, 100_000_000),
  /** Overrides every queue's lock duration and stall check (ms); for tuning and for fast crash tests. */
  QUEUE_LOCK_DURATION_MS: v.optional(int(30_000, 1_000, 3_600_000)),
  QUEUE_STALLED_INTERVAL_MS: v.optional(int(15_000, 500, 3_600_000)),
  SHUTDOWN_TIMEOUT_MS: int(20_000, 1_000, 25_000),
  /** How often a web process writes api_keys.last_used_at: one statement per interval, each key at most once. */
  KEY_LAST_USED_INTERVAL_MS: int(60_000, 100, 3_600_000),
  /**
   * Worker threads for CPU-heavy engine work (speech, images, document parsing), so it never blocks the
   * event loop that answers HTTP and renews queue locks. Started on first use; default one per core.
   */
  ENGINE_THREADS: int(availableParallelism(), 1, 256),
  EDGE_HTTP_PORT: int(8080, 0, 65535),
  EDGE_HTTPS_PORT: int(8443, 0, 65535),
  /**
   * How often an edge process renews its entry in the registry of live edges; an entry not renewed for
   * three intervals expires. A publish waits for the edges in the registry (at most 10 s).
   */
  EDGE_HEARTBEAT_MS: int(5_000, 100, 60_000),
  /**
   * How often an edge reloads every live deployment, verified domain and certificate as a safety net.
   * Between full reloads it reads only the routing changes since the last one (every 5 s and on each
   * announcement), so its idle cost does not grow with the number of sites.
   */
  EDGE_FULL_RELOAD_MS: int(600_000, 5_000, 86_400_000),
  /** Sites are served at {site_id}.{HOSTING_DOMAIN}; `*.localhost` resolves to loopback on most systems. */
  HOSTING_DOMAIN: v.optional(
    v.pipe(v.string(), v.toLowerCase(), v.regex(/^(?=.{1,200}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'must be a hostname')),
    'kiln.localhost',
  ),
  /**
   * Peers (addresses or CIDR ranges, comma-separated) in front of the edge whose EDGE_CLIENT_IP_HEADER names
   * the visitor, for `_redirects` Country= conditions. Empty: the connection's address is the visitor's.
   */
  EDGE_TRUSTED_PROXIES: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) =>
      s
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== ''),
    ),
    v.check(
      (list) =>
        list.every((p) => {
          const [address, prefix] = p.split('/');
          const family = isIP(address ?? '');
          return family !== 0 && (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)));
        }),
      'must be comma-separated addresses or CIDR ranges',
    ),
  ),
  /** The header a trusted proxy writes the visitor's address into; its last entry is read. */
  EDGE_CLIENT_IP_HEADER: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(/^[a-z0-9-]+$/, 'must be a header name')), 'x-forwarded-for'),
  /**
   * The GeoIP country database for `_redirects` Country= conditions: a MaxMind-format .mmdb file, `off`, or
   * unset for the one bundled in an npm package (regional registries' data, CC BY 4.0 NRO).
   */
  GEOIP_COUNTRY_DB: optionalString,
  /**
   * How long a `_redirects` proxy rule (200 to a URL) waits for the other server's answer head, and at most
   * between two chunks of its body; past it the visitor gets 504 (or a cut-off body).
   */
  EDGE_PROXY_TIMEOUT_MS: int(30_000, 100, 600_000),
  /**
   * How often an edge writes the bytes it proxied per site (`_redirects` 200 to a URL) to the database, one
   * statement per flush; also on shutdown. Until written they are not in GET /v1/usage.
   */
  EDGE_TRAFFIC_FLUSH_MS: int(10_000, 100, 600_000),
  EDGE_IPV4: v.optional(v.pipe(v.string(), v.ip('must be an IPv4 address'), v.regex(/^\d+\.\d+\.\d+\.\d+$/, 'must be an IPv4 address')), '127.0.0.1'),
  /** Comma-separated `host[:port]` resolvers for domain verification; the system's when unset. */
  DNS_SERVERS: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => s.split(',').every((p) => /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(p.trim())), 'must be comma-separated host[:port]'),
      v.transform((s) => s.split(',').map((p) => p.trim())),
    ),
  ),
  FETCH_ALLOW_PRIVATE: bool(false),
  FETCH_TIMEOUT_MS: int(60_000, 1_000, 600_000),
  /**
   * The slowest a source download may be: fewer bytes than this per second over a whole window of
   * FETCH_MIN_RATE_WINDOW_MS fails it as too slow, so a drip-fed source cannot hold a deploy slot.
   */
  FETCH_MIN_BYTES_PER_SEC: int(16 * 1024, 0, 1024 * 1024 * 1024),
  FETCH_MIN_RATE_WINDOW_MS: int(10_000, 100, 600_000),
  /** Time cap of one webhook delivery attempt (DNS, connect and the answer's head). */
  WEBHOOK_TIMEOUT_MS: int(10_000, 100, 60_000),
  /**
   * Waits before each retry of a failed webhook delivery, comma-separated ms; the first attempt is
   * immediate. Default (about 33 h): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
   */
  WEBHOOK_RETRY_DELAYS_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}(,\d{1,9}){0,19}$/, 'must be up to 20 comma-separated whole numbers of ms'),
      v.transform((s) => s.split(',').map(Number)),
    ),
    '5000,300000,1800000,7200000,18000000,36000000,36000000',
  ),
  /**
   * A streamed text job (`stream: true`) whose last reader went away is cancelled this long after, unless
   * a reader came back (a reconnect with Last-Event-ID) in the meantime; 0 cancels at once.
   */
  STREAM_CANCEL_GRACE_MS: int(5_000, 0, 600_000),
  /** The outbox relay's safety-net poll; a Redis notice wakes it at once after each commit. */
  WEBHOOK_RELAY_POLL_MS: int(1_000, 10, 60_000),
  /** Webhook endpoints one account may have; creating one more is refused (422 limit_reached). */
  WEBHOOK_MAX_ENDPOINTS: int(20, 1, 10_000),
  /**
   * Whether a worker serving the webhooks queue also runs the outbox relay (default true). Tests turn it
   * off except where they test webhooks: all test files share one database, so a relay in another file's
   * process would deliver their events under its own settings.
   */
  WEBHOOK_RELAY: bool(true),
  DEPLOY_MAX_ARCHIVE_BYTES: int(200 * 1024 * 1024, 1024, 2 * 1024 * 1024 * 1024),
  DOMAIN_VERIFY_WINDOW_MS: int(48 * 3_600_000, 1_000, 30 * 24 * 3_600_000),
  /** First automatic DNS check after this long, doubling up to an hour. */
  DOMAIN_CHECK_BASE_MS: int(60_000, 100, 3_600_000),
  TLS_ISSUER: v.optional(v.picklist(['local', 'acme']), 'local'),
  ACME_DIRECTORY_URL: v.optional(url(['http:', 'https:'])),
  ACME_EMAIL: optionalString,
  /** PEM file of extra CAs to trust when talking to the ACME server (e.g. a test CA's own HTTPS). */
  ACME_CA_BUNDLE: optionalString,
  /**
   * Test-only fault injection: `crash-after-commit` makes a worker die right after committing a result;
   * `crash-before-retry-queued` right after recording a failed webhook attempt, before queueing the retry;
   * `hold-before-commit-until-sigterm` makes a finished job wait for SIGTERM before committing, so a test
   * can stop the process while a job is surely running (an event, not a race against the engine's speed).
   */
  KILN_FAULT: v.optional(v.picklist(['crash-after-commit', 'crash-before-retry-queued', 'hold-before-commit-until-sigterm'])),
});

export type Env = v.InferOutput<typeof envSchema>;

export interface Config extends Env {
  PUBLIC_URL: string;
  CDN_URL: string;
  CDN_SIGNING_SECRET: string;
  isProduction: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEV_SIGNING_SECRET = 'kiln-development-signing-secret-change-me';

/** A llama model setting must name a GGUF file that exists: checked at start-up, not at the first job. */
function ggufSetting(problems: string[], name: string, path: string | undefined, when: string): void {
  if (!path) {
    problems.push(`${name} is required when ${when} (the path of a .gguf model file)`);
    return;
  }
  const problem = ggufFileProblem(path);
  if (problem) problems.push(`${name}=${JSON.stringify(path)} ${problem}`);
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings in a .env file mean "unset", not "the empty value".
  const input = Object.fromEntries(Object.entries(source).filter(([, val]) => val !== undefined && val !== ''));
  const parsed = v.safeParse(envSchema, input);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.issues.map((issue) => {
        const name = issue.path?.map((p) => String(p.key)).join('.') ?? '?';
        // A URL's password (SMTP_URL, DATABASE_URL, …) stays out of the message, which ends up in logs.
        const shown = (source[name] ?? '').replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):[^@/]*@/i, '$1:***@');
        return `${name}=${JSON.stringify(shown)}: ${issue.message}`;
      }),
    );
  }
  const env = parsed.output;
  const problems: string[] = [];
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.CDN_SIGNING_SECRET) problems.push('CDN_SIGNING_SECRET is required when NODE_ENV=production');
  if (env.CDN_SIGNING_SECRET && env.CDN_SIGNING_SECRET.length < 16) problems.push('CDN_SIGNING_SECRET must be at least 16 characters');
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) problems.push('S3_BUCKET is required when STORAGE_DRIVER=s3');
  if (env.IMAGE_PROVIDER === 'openai' && !env.OPENAI_BASE_URL) problems.push('OPENAI_BASE_URL is required when IMAGE_PROVIDER=openai');
  if (env.TEXT_PROVIDER === 'openai' && !env.OPENAI_BASE_URL) problems.push('OPENAI_BASE_URL is required when TEXT_PROVIDER=openai');
  if (env.TEXT_PROVIDER === 'llama') ggufSetting(problems, 'LLAMA_MODEL_PATH', env.LLAMA_MODEL_PATH, 'TEXT_PROVIDER=llama');
  if (env.EMBEDDINGS_PROVIDER === 'llama') ggufSetting(problems, 'LLAMA_EMBEDDINGS_MODEL_PATH', env.LLAMA_EMBEDDINGS_MODEL_PATH, 'EMBEDDINGS_PROVIDER=llama');
  if (env.FILE_CHAT_PROVIDER === 'openai' && !env.OPENAI_BASE_URL) problems.push('OPENAI_BASE_URL is required when FILE_CHAT_PROVIDER=openai');
  if (env.EMBEDDINGS_PROVIDER === 'openai' && !env.OPENAI_BASE_URL) problems.push('OPENAI_BASE_URL is required when EMBEDDINGS_PROVIDER=openai');
  if (env.SPEECH_PROVIDER === 'openai' && !env.OPENAI_BASE_URL) problems.push('OPENAI_BASE_URL is required when SPEECH_PROVIDER=openai');
  if (env.TLS_ISSUER === 'acme' && !env.ACME_DIRECTORY_URL) problems.push('ACME_DIRECTORY_URL is required when TLS_ISSUER=acme');
  if (env.DASHBOARD_SESSION_IDLE_MS > env.DASHBOARD_SESSION_MAX_MS) problems.push('DASHBOARD_SESSION_IDLE_MS must not exceed DASHBOARD_SESSION_MAX_MS');
  if (env.DASHBOARD_SIGNUP === 'open' && !env.SMTP_URL) problems.push('SMTP_URL is required when DASHBOARD_SIGNUP=open: a sign-up confirms its email by mail');
  if (Boolean(env.REDIS_SENTINELS) !== Boolean(env.REDIS_SENTINEL_MASTER)) problems.push('REDIS_SENTINELS and REDIS_SENTINEL_MASTER must be set together');
  if (!env.REDIS_SENTINELS && (env.REDIS_SENTINEL_USERNAME || env.REDIS_SENTINEL_PASSWORD))
    problems.push('REDIS_SENTINEL_USERNAME and REDIS_SENTINEL_PASSWORD apply only with REDIS_SENTINELS');
  if (Boolean(env.ADMIN_USER) !== Boolean(env.ADMIN_PASSWORD)) problems.push('ADMIN_USER and ADMIN_PASSWORD must be set together');
  if (env.REDIS_CLUSTER_NODES && redisDatabaseOf(env.REDIS_URL) !== 0)
    problems.push('REDIS_URL must name database 0 (or none) when REDIS_CLUSTER_NODES is set: a Redis Cluster has only database 0');
  if (problems.length) throw new ConfigError(problems);

  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return {
    ...env,
    PUBLIC_URL: publicUrl,
    CDN_URL: env.CDN_URL ?? `${publicUrl}/cdn`,
    CDN_SIGNING_SECRET: env.CDN_SIGNING_SECRET ?? DEV_SIGNING_SECRET,
    isProduction,
  };
}
