/**
 * A throwaway database for an eval run, like the bench's: `kiln_eval_<random>` on the server of DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), created and migrated here, dropped by `drop()`.
 */
import { randomBytes } from 'node:crypto';
import { databaseUrlNamed, dropDatabase, ensureDatabase, runMigrations } from '../../src/db/migrate';

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** DROP DATABASE … WITH (FORCE): also ends connections still open. Idempotent. */
  drop(): Promise<void>;
}

export async function createThrowawayDatabase(prefix = 'kiln_eval'): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = databaseUrlNamed(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres', name);
  let dropped: Promise<void> | undefined;
  const db: ThrowawayDatabase = {
    name,
    url,
    drop() {
      dropped ??= dropDatabase(url);
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
