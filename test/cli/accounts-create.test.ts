import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, apiKeys } from '../../src/db/schema';
import { cli } from '../support/cli';
import { startTestService, testEnv, type TestService } from '../support/runtime';

const ROOT = new URL('../..', import.meta.url).pathname;
let svc: TestService;
let env: Record<string, string>;
beforeAll(async () => {
  svc = await startTestService();
  env = testEnv({ REDIS_PREFIX: svc.rt.config.REDIS_PREFIX });
});
afterAll(() => svc?.close());

/** stdout must be one JSON object on one line, nothing before or after it (progress and notes go to stderr). */
function onlyJson(stdout: string): any {
  expect(stdout.endsWith('\n')).toBe(true);
  expect(stdout.trimEnd().split('\n')).toHaveLength(1);
  return JSON.parse(stdout);
}

describe('kiln accounts create --key-label', () => {
  it('makes the account and its first key in one command; the key is shown once and works at once', async () => {
    const name = `cli-first-key-${randomBytes(3).toString('hex')}`;
    const res = await cli(['accounts', 'create', '--name', name, '--plan', 'pro', '--key-label', 'laptop', '--json'], env);
    expect(res.code, res.stderr).toBe(0);
    const out = onlyJson(res.stdout);
    expect(out).toEqual({
      id: expect.stringMatching(/^acct_/),
      plan: 'pro',
      api_key: { id: expect.any(String), key: expect.stringMatching(/^kiln_/), label: 'laptop', scopes: null, expires_at: null, rate_limit_per_minute: null },
    });
    const [key] = await svc.rt.db.select().from(apiKeys).where(eq(apiKeys.accountId, out.id));
    expect(key).toMatchObject({ id: out.api_key.id, label: 'laptop' });
    // The key is not stored, only its hash: it can be shown this once.
    expect(JSON.stringify(key)).not.toContain(out.api_key.key);
    const usage = await svc.app.request('/v1/usage', { headers: { Authorization: `Bearer ${out.api_key.key}` } });
    expect(usage.status).toBe(200);
  }, 120_000);

  it('without --json: the account and the key for a person on stdout, the warning to store it on stderr', async () => {
    const res = await cli(['accounts', 'create', '--name', 'cli-human', '--plan', 'free', '--key-label', 'ci'], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(
      /^id: acct_\w+\nplan: free\nkey_id: \S+\nkey: kiln_\S+\nlabel: ci\nscopes: all\nexpires_at: never\nrate_limit_per_minute: the account's\n$/,
    );
    expect(res.stderr).toBe('Store this key now: it is shown only once.\n');
  }, 120_000);

  it('without --key-label it makes no key, as before; an empty label is refused and makes no account', async () => {
    const plain = onlyJson((await cli(['accounts', 'create', '--name', 'cli-no-key', '--plan', 'free', '--json'], env)).stdout);
    expect(Object.keys(plain)).toEqual(['id', 'plan']);
    expect(await svc.rt.db.select().from(apiKeys).where(eq(apiKeys.accountId, plain.id))).toEqual([]);

    const name = `cli-empty-label-${randomBytes(3).toString('hex')}`;
    const refused = await cli(['accounts', 'create', '--name', name, '--plan', 'free', '--key-label', ' ', '--json'], env);
    expect(refused.code).toBe(2);
    expect(onlyJson(refused.stdout)).toEqual({ error: { code: 'invalid_usage', message: '--key-label is required' } });
    expect(await svc.rt.db.select().from(accounts).where(eq(accounts.name, name))).toEqual([]);
  }, 120_000);

  it('through npm run -s cli and the kiln bin, --json stdout is that one object alone', async () => {
    const args = ['accounts', 'create', '--name', 'cli-bins', '--plan', 'free', '--key-label', 'bin', '--json'];
    const run = (file: string, argv: string[]) => promisify(execFile)(file, argv, { cwd: ROOT, env: { ...process.env, ...env } });
    for (const res of [await run('npm', ['run', '-s', 'cli', '--', ...args]), await run(process.execPath, ['bin/kiln.mjs', ...args])]) {
      expect(onlyJson(res.stdout).api_key.label).toBe('bin');
    }
  }, 240_000);
});
