import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { expect, inject, it } from 'vitest';
import { ensureDatabase, runMigrations } from '../../src/db/migrate';

// Found by name, not number: migrations are renumbered when branches merge.
const MIGRATIONS = join(import.meta.dirname, '../../migrations');
const MIGRATION = join(MIGRATIONS, readdirSync(MIGRATIONS).find((f) => f.endsWith('_usage_reservations_and_storage.sql'))!);

it('the storage migration charges what accounts already stored: their files, and each distinct site content once', async () => {
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/kiln_test_storage_${randomBytes(4).toString('hex')}`;
  const admin = postgres(inject('adminDatabaseUrl'), { max: 1, onnotice: () => {} });
  try {
    await ensureDatabase(url.toString());
    await runMigrations(url.toString());
    const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      const plans = await db`SELECT id, storage_bytes FROM plans ORDER BY rate_limit_per_minute`;
      expect(plans.map((p) => [p.id, Number(p.storage_bytes)])).toEqual([
        ['free', 100 * 1024 ** 2],
        ['pro', 10 * 1024 ** 3],
        ['business', 100 * 1024 ** 3],
      ]);
      // What a database migrated before 0019 holds: a file, and two deployments sharing one content.
      await db`INSERT INTO accounts (id, name, plan_id) VALUES ('acct_a', 'a', 'business'), ('acct_b', 'b', 'pro')`;
      await db`INSERT INTO documents (id, account_id, filename, size_bytes, kind, blob_key, search_config, page_count, passage_count)
               VALUES ('file_1', 'acct_b', 'a.csv', 700, 'csv', 'k', 'simple', 1, 1)`;
      await db`INSERT INTO sites (id, account_id) VALUES ('s1', 'acct_a')`;
      await db`INSERT INTO deployments (id, account_id, site_id, environment) VALUES ('dep_1', 'acct_a', 's1', 'production'), ('dep_2', 'acct_a', 's1', 'production')`;
      await db`INSERT INTO deployment_files (deployment_id, path, hash, size, content_type) VALUES
               ('dep_1', 'index.html', 'h1', 100, 'text/html'), ('dep_1', 'a.css', 'h2', 50, 'text/css'),
               ('dep_2', 'index.html', 'h1', 100, 'text/html'), ('dep_2', 'b.css', 'h3', 20, 'text/css')`;
      // The migration's hand-written statements, run again over that data.
      const hand = readFileSync(MIGRATION, 'utf8').split('-- Hand-written')[1]!.split('--> statement-breakpoint');
      for (const statement of hand.slice(1)) await db.unsafe(statement);
      const stored = await db`SELECT account_id, file_bytes, site_bytes FROM account_storage ORDER BY account_id`;
      expect(stored.map((r) => [r.account_id, Number(r.file_bytes), Number(r.site_bytes)])).toEqual([
        ['acct_a', 0, 170],
        ['acct_b', 700, 0],
      ]);
    } finally {
      await db.end();
    }
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`);
    await admin.end();
  }
});
