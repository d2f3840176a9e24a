import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlNamed, dropDatabase, ensureDatabase } from '../../src/db/migrate';
import { freePort } from '../hosting/support/hosting-harness';
import { cli } from '../support/cli';
import { testEnv } from '../support/runtime';

const env = testEnv();
const ROOT = new URL('../..', import.meta.url).pathname;

/** stdout must be one JSON object on one line, nothing before or after it. */
function onlyJson(stdout: string): any {
  expect(stdout.endsWith('\n')).toBe(true);
  expect(stdout.trimEnd().split('\n')).toHaveLength(1);
  return JSON.parse(stdout);
}

describe('CLI --json on failure', () => {
  it('prints exactly one {"error":{code,message}} object on stdout and exits 1', async () => {
    const res = await cli(['keys', 'list', '--account', 'acc_doesnotexist', '--json'], env);
    expect(res.code).toBe(1);
    expect(onlyJson(res.stdout)).toEqual({ error: { code: 'not_found', message: 'no account acc_doesnotexist' } });
    expect(res.stderr).toContain('no account acc_doesnotexist');
  }, 120_000);

  it('bad usage is the same object, exit 2', async () => {
    const res = await cli(['accounts', 'frobnicate', '--json'], env);
    expect(res.code).toBe(2);
    expect(onlyJson(res.stdout).error).toEqual({ code: 'invalid_usage', message: 'unknown command "accounts frobnicate"' });
  }, 120_000);

  it('npm run -s cli and the kiln bin print only that object', async () => {
    const args = ['keys', 'list', '--account', 'acc_doesnotexist', '--json'];
    const run = (file: string, argv: string[]) =>
      promisify(execFile)(file, argv, { cwd: ROOT, env: { ...process.env, ...env } }).then(
        () => ({ code: 0, stdout: '' }),
        (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
      );
    for (const res of [await run('npm', ['run', '-s', 'cli', '--', ...args]), await run(process.execPath, ['bin/kiln.mjs', ...args])]) {
      expect(res.code).toBe(1);
      expect(onlyJson(res.stdout).error.code).toBe('not_found');
    }
  }, 240_000);
});

describe('CLI on a database that is not ready', () => {
  const name = `kiln_cli_${randomBytes(4).toString('hex')}`;
  const empty = databaseUrlNamed(env.DATABASE_URL!, name);
  beforeAll(() => ensureDatabase(empty));
  afterAll(() => dropDatabase(empty));

  it('says plainly that the database does not exist, and how to create it', async () => {
    const missing = `kiln_nodb_${randomBytes(4).toString('hex')}`;
    const res = await cli(['accounts', 'create', '--name', 'x', '--plan', 'pro'], { ...env, DATABASE_URL: databaseUrlNamed(env.DATABASE_URL!, missing) });
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(
      `kiln: database ${missing} does not exist: run \`npm start\` once (or \`node --import tsx src/main.ts release\`) to create and migrate it\n`,
    );
  }, 120_000);

  it('says plainly that the database is not migrated (also as --json)', async () => {
    const res = await cli(['keys', 'list', '--account', 'acc_x', '--json'], { ...env, DATABASE_URL: empty });
    expect(res.code).toBe(1);
    expect(onlyJson(res.stdout).error).toEqual({
      code: 'database_not_migrated',
      message: expect.stringContaining(`database ${name} is not migrated: run \`npm start\``),
    });
  }, 120_000);

  it('says plainly that Postgres cannot be reached', async () => {
    const port = await freePort();
    const res = await cli(['accounts', 'create', '--name', 'x', '--plan', 'pro', '--json'], {
      ...env,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/kiln`,
    });
    expect(res.code).toBe(1);
    expect(onlyJson(res.stdout).error).toEqual({
      code: 'database_unreachable',
      message: `cannot reach Postgres at 127.0.0.1:${port} (DATABASE_URL): is it running?`,
    });
  }, 120_000);
});
