import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createWebApp } from '../../src/roles/web-app';
import { loadConfig, type Config } from '../../src/config';
import { createAccount, type PlanId } from '../../src/db/queries/accounts';
import { createApiKey } from '../../src/accounts/create-api-key';
import { createLogger } from '../../src/logger';
import { createRuntime, waitForRedis, type Runtime } from '../../src/runtime';

/** A fresh Redis prefix: one per test file (or per test that needs isolation). */
export const newRedisPrefix = () => `${inject('redisPrefixRoot')}_${randomBytes(5).toString('hex')}`;

/** The environment a test process (or a child process it spawns) runs with. */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: inject('databaseUrl'),
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: newRedisPrefix(),
    STORAGE_DIR: mkdtempSync(join(tmpdir(), 'kiln-blobs-')),
    PUBLIC_URL: 'http://kiln.test',
    CDN_SIGNING_SECRET: 'test-signing-secret-0123456789',
    DATABASE_POOL_SIZE: '4',
    // The 2 s default bounds how long a request waits on a database that is gone; a suite on two busy cores
    // has statements that rightly take longer. The outage tests set it back.
    DATABASE_QUERY_TIMEOUT_MS: '30000',
    // Likewise the wait for a free connection of the pool (4 here): a statement queued behind slow ones
    // would answer 503 after the 2 s default.
    DATABASE_POOL_TIMEOUT_MS: '30000',
    // All test files share one database: only the webhook tests run the outbox relay (see config.ts).
    WEBHOOK_RELAY: 'false',
    ...overrides,
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig(testEnv(overrides));
}

export interface TestService {
  rt: Runtime;
  app: ReturnType<typeof createWebApp>;
  close(): Promise<void>;
}

/** A runtime and the API app on it, talking to the suite's real Postgres and Redis. */
export async function startTestService(overrides: Record<string, string> = {}, config = testConfig(overrides)): Promise<TestService> {
  const rt = createRuntime(config, 'test', createLogger({ level: config.LOG_LEVEL, role: 'test' }));
  await waitForRedis(rt.redis);
  await rt.listenForInvalidations();
  return { rt, app: createWebApp(rt), close: () => rt.close() };
}

export async function createTestAccount(rt: Pick<Runtime, 'db'>, plan: PlanId = 'business', rateLimitOverride?: number) {
  const account = await createAccount(rt.db, { name: `test ${plan}`, planId: plan, rateLimitOverride });
  const key = await createApiKey(rt.db, { accountId: account.id, label: 'test' });
  return { accountId: account.id, keyId: key.id, key: key.key, auth: { Authorization: `Bearer ${key.key}` } };
}

export function jsonRequest(body: unknown, headers: Record<string, string> = {}, method = 'POST'): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) };
}
