import { connect, createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyUseRecorder } from '../../src/accounts/key-use-recorder';
import { connectDatabase } from '../../src/db/client';
import { apiKeys } from '../../src/db/schema';
import { startWeb } from '../../src/roles/web';
import { cli } from '../support/cli';
import { createTestAccount, startTestService, testConfig, testEnv, type TestService } from '../support/runtime';
import { until } from '../support/until';

// An interval no test waits out: writes happen when a test flushes, so it can count them.
const env = testEnv({ KEY_LAST_USED_INTERVAL_MS: '3600000' });
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({}, testConfig(env));
});
afterAll(async () => {
  await svc.close();
});

async function lastUsedAt(keyId: string): Promise<Date | null> {
  const [row] = await svc.rt.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, keyId));
  return row!.at;
}

/** A logger whose lines the test can read. */
function capturedLogger() {
  const lines: { level: string; msg: string; keys?: number }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, log: pino({ level: 'warn', formatters: { level: (label) => ({ level: label }) } }, stream) };
}

describe('key use recorder', () => {
  it('writes one statement for many requests with one key, off the requests path, with the newest use', async () => {
    const { keyId, auth } = await createTestAccount(svc.rt);
    const keyUses = svc.rt.keyUses;
    const flushesBefore = keyUses.flushes;
    const first = Date.now();
    for (let round = 0; round < 4; round++) {
      const statuses = await Promise.all(Array.from({ length: 25 }, async () => (await svc.app.request('/v1/usage', { headers: auth })).status));
      expect(statuses.every((s) => s === 200)).toBe(true);
    }
    const last = Date.now();
    // A hundred requests answered, nothing written yet: the key's use waits in memory.
    expect(await lastUsedAt(keyId)).toBeNull();
    expect(keyUses.flushes).toBe(flushesBefore);

    await keyUses.flush();
    expect(keyUses.flushes).toBe(flushesBefore + 1);
    expect(keyUses.pendingCount).toBe(0);
    const written = await lastUsedAt(keyId);
    expect(written!.getTime()).toBeGreaterThanOrEqual(first);
    expect(written!.getTime()).toBeLessThanOrEqual(last);

    // The next interval: more requests, one more statement, the value moves forward.
    for (let i = 0; i < 10; i++) expect((await svc.app.request('/v1/usage', { headers: auth })).status).toBe(200);
    await keyUses.flush();
    expect(keyUses.flushes).toBe(flushesBefore + 2);
    expect((await lastUsedAt(keyId))!.getTime()).toBeGreaterThanOrEqual(written!.getTime());

    // Nothing noted since: a flush sends no statement.
    await keyUses.flush();
    expect(keyUses.flushes).toBe(flushesBefore + 2);
  });

  it('writes from its timer: last_used_at appears without anyone flushing', async () => {
    const quick = await startTestService({}, testConfig({ ...env, KEY_LAST_USED_INTERVAL_MS: '100' }));
    try {
      const { keyId, auth } = await createTestAccount(quick.rt);
      const before = Date.now();
      expect((await quick.app.request('/v1/usage', { headers: auth })).status).toBe(200);
      const used = await until('the timer to write last_used_at', () => lastUsedAt(keyId));
      expect(used.getTime()).toBeGreaterThanOrEqual(before);
      expect(quick.rt.keyUses.flushes).toBeGreaterThanOrEqual(1);
    } finally {
      await quick.close();
    }
  });

  it('never moves last_used_at backwards when an older use is written after a newer one', async () => {
    const { keyId } = await createTestAccount(svc.rt);
    // Two processes' recorders, the one with the older use writing last.
    const processA = new KeyUseRecorder(svc.rt.db, svc.rt.log, 3_600_000);
    const processB = new KeyUseRecorder(svc.rt.db, svc.rt.log, 3_600_000);
    const newer = Date.parse('2026-01-02T03:04:05.678Z');
    const older = newer - 30_000;
    processA.record(keyId, newer);
    processB.record(keyId, older);
    await processA.flush();
    await processB.flush();
    expect(processB.flushes).toBe(1);
    expect((await lastUsedAt(keyId))!.toISOString()).toBe('2026-01-02T03:04:05.678Z');

    // Within one recorder, an older time noted after a newer one is ignored too.
    processA.record(keyId, newer + 1_000);
    processA.record(keyId, older);
    await processA.flush();
    expect((await lastUsedAt(keyId))!.toISOString()).toBe('2026-01-02T03:04:06.678Z');
    await processA.close();
    await processB.close();
  });

  it('keeps the uses and logs when Postgres cannot be reached, and writes them on the next flush', async () => {
    const { keyId } = await createTestAccount(svc.rt);
    const proxy = await startSwitchableProxy(new URL(env.DATABASE_URL!));
    const viaProxy = new URL(env.DATABASE_URL!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const database = connectDatabase(viaProxy.toString(), { max: 1 });
    const { lines, log } = capturedLogger();
    const recorder = new KeyUseRecorder(database.db, log, 3_600_000);
    try {
      proxy.down();
      const at = Date.parse('2026-03-04T05:06:07.089Z');
      recorder.record(keyId, at);
      await recorder.flush(); // resolves: a failed write is never thrown at a caller
      expect(recorder.failures).toBe(1);
      expect(recorder.flushes).toBe(0);
      expect(recorder.pendingCount).toBe(1);
      expect(lines).toContainEqual(
        expect.objectContaining({ level: 'warn', msg: expect.stringContaining('could not record when API keys were last used'), keys: 1 }),
      );
      expect(await lastUsedAt(keyId)).toBeNull();

      // A newer use noted while the database is away replaces the kept one.
      recorder.record(keyId, at + 5);
      proxy.up();
      await recorder.flush();
      expect(recorder.flushes).toBe(1);
      expect(recorder.pendingCount).toBe(0);
      expect((await lastUsedAt(keyId))!.toISOString()).toBe('2026-03-04T05:06:07.094Z');
    } finally {
      await recorder.close();
      await database.close();
      await proxy.close();
    }
  });

  it('writes what is pending when the web role closes, and when the runtime closes', async () => {
    const other = await startTestService({}, testConfig(env));
    const { keyId, auth } = await createTestAccount(other.rt);
    const web = await startWeb(other.rt, 0);
    try {
      const res = await fetch(`http://127.0.0.1:${web.port}/v1/usage`, { headers: auth });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(await lastUsedAt(keyId)).toBeNull();
    } finally {
      await web.close();
    }
    const atWebClose = await lastUsedAt(keyId);
    expect(atWebClose).not.toBeNull();

    // A use noted after the server closed (e.g. app.request in-process) goes out with the runtime.
    expect((await other.app.request('/v1/usage', { headers: auth })).status).toBe(200);
    await other.close();
    expect((await lastUsedAt(keyId))!.getTime()).toBeGreaterThanOrEqual(atWebClose!.getTime());
    expect(other.rt.keyUses.pendingCount).toBe(0);
  });

  it('shows last_used_at in the CLI key listing (ISO or null)', async () => {
    const { accountId, keyId } = await createTestAccount(svc.rt);
    const unused = await cli(['keys', 'create', '--account', accountId, '--label', 'unused', '--json'], env);
    expect(unused.code).toBe(0);
    svc.rt.keyUses.record(keyId, Date.parse('2026-05-06T07:08:09.010Z'));
    await svc.rt.keyUses.flush();

    const listed = await cli(['keys', 'list', '--account', accountId, '--json'], env);
    expect(listed.code).toBe(0);
    const keys = JSON.parse(listed.stdout).keys as { id: string; last_used_at: string | null }[];
    expect(keys.map((k) => [k.id, k.last_used_at])).toEqual([
      [keyId, '2026-05-06T07:08:09.010Z'],
      [JSON.parse(unused.stdout).id, null],
    ]);
    const human = await cli(['keys', 'list', '--account', accountId], env);
    expect(human.stdout).toContain('last used 2026-05-06T07:08:09.010Z');
    expect(human.stdout).toContain('last used never');
  });
});

/**
 * A TCP relay to Postgres that can be switched to refusing connections the way Postgres itself does while
 * it shuts down (FATAL 57P03 in answer to the startup message), and back. A bare closed socket would not
 * do: postgres.js reconnects at once to a connection closed before it was ready, and the query waits.
 */
async function startSwitchableProxy(target: URL) {
  let accepting = true;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (!accepting) {
      client.on('error', () => {});
      client.once('data', () => client.end(postgresError('57P03', 'the database system is shutting down')));
      return;
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    open.add(client).add(upstream);
    client.on('close', () => open.delete(client) && upstream.destroy());
    upstream.on('close', () => open.delete(upstream) && client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    down() {
      accepting = false;
      for (const s of open) s.destroy();
    },
    up() {
      accepting = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A FATAL ErrorResponse message of the Postgres wire protocol. */
function postgresError(code: string, message: string): Buffer {
  const body = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`);
  const head = Buffer.alloc(5);
  head.write('E');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
