/**
 * A throwaway database for an eval run, like the bench's: `kiln_eval_<random>` on the server of DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), created and migrated here, dropped by `drop()`.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { ensureDatabase, runMigrations } from '../../src/db/migrate';

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** DROP DATABASE … WITH (FORCE): also ends connections still open. Idempotent. */
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createThrowawayDatabase(prefix = 'kiln_eval'): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres', name);
  let dropped: Promise<void> | undefined;
  const db: ThrowawayDatabase = {
    name,
    url,
    drop() {
      dropped ??= (async () => {
        const sql = postgres(withDatabase(url, 'postgres'), { max: 1, onnotice: () => {}, connect_timeout: 5 });
        try {
          await sql.unsafe(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
        } finally {
          await sql.end({ timeout: 5 });
        }
      })();
      return dropped;
    },
  };
  try {
    await ensureDatabase(url);
    await runMigrations(url);
  } catch (err) {
    await db.drop().catch(() => {});
    throw err;
  }
  return db;
}
