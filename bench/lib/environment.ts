import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { databaseUrlNamed, dropDatabase } from '../../src/db/migrate';
import { deleteKeysWithPrefix } from '../../src/redis';
import { runNode } from './processes';

/**
 * Everything the run owns outside its own memory: a throwaway database, a Redis key prefix and a
 * temp storage dir. Created here, and removed by `dispose()` whatever happened.
 */

/**
 * Settings Kiln reads that the bench sets itself or wants at their defaults, never inherited from the
 * shell. Those not set below are passed as '' rather than removed: Kiln treats '' as unset, and a real
 * (even empty) variable keeps a developer's `.env` (loaded by Kiln, real variables win) from filling it.
 */
const KILN_VARS = [
  'NODE_ENV',
  'LOG_LEVEL',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'REDIS_URL',
  'REDIS_PREFIX',
  'PORT',
  'PUBLIC_URL',
  'CDN_URL',
  'CDN_SIGNING_SECRET',
  'SYNC_TIMEOUT_MS',
  'STORAGE_DRIVER',
  'STORAGE_DIR',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'ADMIN_USER',
  'ADMIN_PASSWORD',
  'WORKER_QUEUES',
  'WORKER_CONCURRENCY',
  'IMAGE_PROVIDER',
  'OPENAI_BASE_URL',
  'OPENAI_API_KEY',
  'OPENAI_IMAGE_MODEL',
  'QUEUE_LOCK_DURATION_MS',
  'QUEUE_STALLED_INTERVAL_MS',
  'SHUTDOWN_TIMEOUT_MS',
  'KILN_FAULT',
  'TEXT_PROVIDER',
  'OPENAI_TEXT_MODEL',
  'SPEECH_PROVIDER',
  'OPENAI_SPEECH_MODEL',
  'OPENAI_SPEECH_VOICE',
  'VOICE_SAMPLE_MAX_BYTES',
  // Files
  'UPLOAD_TMP_DIR',
  'FILE_CHAT_PROVIDER',
  // Hosting
  'EDGE_HTTP_PORT',
  'EDGE_HTTPS_PORT',
  'HOSTING_DOMAIN',
  'EDGE_IPV4',
  'DNS_SERVERS',
  'FETCH_ALLOW_PRIVATE',
  'FETCH_TIMEOUT_MS',
  'DEPLOY_MAX_ARCHIVE_BYTES',
  'DOMAIN_VERIFY_WINDOW_MS',
  'DOMAIN_CHECK_BASE_MS',
  'TLS_ISSUER',
  'ACME_DIRECTORY_URL',
  'ACME_EMAIL',
  'ACME_CA_BUNDLE',
];

/** Sites are served at `{site}.kiln.bench`; the bench always sends the Host header itself, no DNS needed. */
export const BENCH_HOSTING_DOMAIN = 'kiln.bench';

export const BENCH_LOG_LEVEL = 'warn';

export interface BenchEnvironment {
  id: string;
  databaseName: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  storageDir: string;
  /** The environment for Kiln processes (and the CLI), minus PORT/PUBLIC_URL/EDGE_HTTP_PORT/EDGE_HTTPS_PORT. */
  env: NodeJS.ProcessEnv;
}

export async function createEnvironment(): Promise<BenchEnvironment> {
  const id = randomBytes(4).toString('hex');
  const databaseName = `kiln_bench_${id}`;
  // The server to use comes from the shell's DATABASE_URL / REDIS_URL when set; only the names are ours.
  const databaseUrl = databaseUrlNamed(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres', databaseName);
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redisPrefix = `kiln_bench_${id}`;
  const storageDir = await mkdtemp(join(tmpdir(), 'kiln-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of KILN_VARS) env[name] = '';
  Object.assign(env, {
    // production would also be fine with a secret, but it changes nothing measured; test skips the demo account.
    NODE_ENV: 'test',
    LOG_LEVEL: BENCH_LOG_LEVEL,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    STORAGE_DIR: storageDir,
    CDN_SIGNING_SECRET: `kiln-bench-signing-secret-${id}`,
    // Graceful stop must fit in the bench's 5 s SIGTERM → SIGKILL window.
    SHUTDOWN_TIMEOUT_MS: '3000',
    // The hosting scenarios serve their archives from loopback, which the fetch rules refuse by default.
    FETCH_ALLOW_PRIVATE: 'true',
    HOSTING_DOMAIN: BENCH_HOSTING_DOMAIN,
  });
  return { id, databaseName, databaseUrl, redisUrl, redisPrefix, storageDir, env };
}

/** `release` (creates the database, migrates), then one business account and key through the CLI. */
export async function provision(root: string, benv: BenchEnvironment): Promise<{ accountId: string; apiKey: string }> {
  await runNode(root, ['src/main.ts', 'release'], benv.env);
  return createBenchAccount(root, benv.env, `bench-${benv.id}`);
}

/** One more business account (rate limit high enough never to refuse) and a key for it, through the CLI. */
export async function createBenchAccount(root: string, env: NodeJS.ProcessEnv, name: string): Promise<{ accountId: string; apiKey: string }> {
  const cli = async (args: string[]) => {
    const out = await runNode(root, ['src/cli.ts', ...args, '--json'], env);
    const line = out.trim().split('\n').pop() ?? '';
    try {
      return JSON.parse(line) as Record<string, string>;
    } catch {
      throw new Error(`CLI ${args.join(' ')} printed no JSON: ${out}`);
    }
  };
  const account = await cli(['accounts', 'create', '--name', name, '--plan', 'business', '--rate-limit', '100000000']);
  if (!account.id) throw new Error(`accounts create answered ${JSON.stringify(account)}`);
  const key = await cli(['keys', 'create', '--account', account.id, '--label', 'bench']);
  if (!key.key) throw new Error(`keys create answered ${JSON.stringify(key)}`);
  return { accountId: account.id, apiKey: key.key };
}

async function deleteRedisKeys(benv: BenchEnvironment): Promise<number> {
  const redis = new Redis(benv.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 5_000, lazyConnect: true });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return await deleteKeysWithPrefix(redis, benv.redisPrefix);
  } finally {
    redis.disconnect();
  }
}

/** Removes everything `createEnvironment` made; every step runs even if an earlier one fails. */
export async function disposeEnvironment(benv: BenchEnvironment, say: (line: string) => void): Promise<boolean> {
  let ok = true;
  const step = async (label: string, work: () => Promise<string>) => {
    try {
      say(`  ${label}: ${await work()}`);
    } catch (err) {
      ok = false;
      say(`  ${label}: FAILED (${(err as Error).message})`);
    }
  };
  await step(`drop database ${benv.databaseName}`, async () => (await dropDatabase(benv.databaseUrl), 'done'));
  await step(`delete Redis keys ${benv.redisPrefix}:*`, async () => `${await deleteRedisKeys(benv)} keys`);
  await step(`remove ${benv.storageDir}`, async () => (await rm(benv.storageDir, { recursive: true, force: true }), 'done'));
  return ok;
}
