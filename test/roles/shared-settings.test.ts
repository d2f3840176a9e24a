import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedSettingDifferences, sharedSettingsOf } from '../../src/roles/shared-settings';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { spawnKiln } from '../support/processes';
import { testConfig, testEnv } from '../support/runtime';

describe('settings every process must share', () => {
  // A database of its own: the release records its settings there, and this test starts processes against them.
  let own: OwnDatabase;
  beforeAll(async () => {
    own = await createOwnDatabase('kiln_shared_settings');
  });
  afterAll(() => own?.drop());

  it('a worker left at the default PUBLIC_URL refuses to start, naming the setting and both values', async () => {
    const env = testEnv({ DATABASE_URL: own.url });
    delete env.PUBLIC_URL;
    const worker = spawnKiln('worker', { ...env, PORT: '3000' });
    const exit = await worker.exited;
    expect(exit.code).toBe(1);
    expect(worker.output()).toContain('PUBLIC_URL is http://localhost:3000 here but http://kiln.test for the installation');
    expect(worker.output()).toContain('CDN_URL is http://localhost:3000/cdn here but http://kiln.test/cdn for the installation');
  }, 120_000);

  it('a web with another signing secret refuses to start without printing either secret', async () => {
    const secret = 'another-secret-0123456789-abcdef';
    const web = spawnKiln('web', testEnv({ DATABASE_URL: own.url, PORT: '0', CDN_SIGNING_SECRET: secret }));
    const exit = await web.exited;
    expect(exit.code).toBe(1);
    expect(web.output()).toContain('CDN_SIGNING_SECRET differs from the one the installation was released with');
    expect(web.output()).not.toContain(secret);
    expect(web.output()).not.toContain(testConfig().CDN_SIGNING_SECRET);
  }, 120_000);

  it('a worker with the installation settings starts', async () => {
    const worker = spawnKiln('worker', testEnv({ DATABASE_URL: own.url, LOG_LEVEL: 'info' }));
    try {
      await worker.waitForLine(/"workers started"/, 60_000);
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  }, 120_000);

  it('compares only recorded settings, and the secret by digest', () => {
    const mine = sharedSettingsOf(testConfig());
    expect(mine.CDN_SIGNING_SECRET).not.toContain(testConfig().CDN_SIGNING_SECRET);
    expect(sharedSettingDifferences({}, mine)).toEqual([]);
    expect(sharedSettingDifferences({ ...mine }, mine)).toEqual([]);
    expect(sharedSettingDifferences({ CDN_URL: 'https://cdn.example' }, mine)).toEqual([
      `CDN_URL is ${mine.CDN_URL} here but https://cdn.example for the installation`,
    ]);
  });
});
