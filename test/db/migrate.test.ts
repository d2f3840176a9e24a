import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { expect, inject, it } from 'vitest';
import { ensureDatabase, runMigrations } from '../../src/db/migrate';

it('two release processes creating and migrating one fresh database at once both succeed, and plans are seeded once', async () => {
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/kiln_test_migrate_${randomBytes(4).toString('hex')}`;
  const admin = postgres(inject('adminDatabaseUrl'), { max: 1, onnotice: () => {} });
  try {
    const created = await Promise.all([ensureDatabase(url.toString()), ensureDatabase(url.toString())]);
    expect(created.filter(Boolean).length).toBeLessThanOrEqual(1);
    await Promise.all([runMigrations(url.toString()), runMigrations(url.toString())]);
    await runMigrations(url.toString());
    const db = postgres(url.toString(), { max: 1 });
    const plans = await db`SELECT id, rate_limit_per_minute, quota_images_generated, features FROM plans ORDER BY rate_limit_per_minute`;
    await db.end();
    expect(plans.map((p) => [p.id, p.rate_limit_per_minute, Number(p.quota_images_generated)])).toEqual([
      ['free', 60, 25],
      ['pro', 600, 1000],
      ['business', 3000, 10000],
    ]);
    expect(plans[0]!.features).not.toContain('voice');
    expect(plans[2]!.features).toContain('hosting');
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`);
    await admin.end();
  }
});
