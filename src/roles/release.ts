import type { Config } from '../config';
import { ensureDatabase, runMigrations } from '../db/migrate';
import type { Logger } from '../logger';

/**
 * Creates the database if needed and applies migrations; safe to run from several processes at once, also
 * through a transaction pooler. DATABASE_MIGRATION_URL, when set, is a direct connection for this (what
 * GitLab and Sidekiq ask for behind PgBouncer): DDL then never waits in the pooler's queue.
 */
export async function release(config: Config, log: Logger): Promise<void> {
  const url = config.DATABASE_MIGRATION_URL ?? config.DATABASE_URL;
  if (await ensureDatabase(url)) log.info('database created');
  await runMigrations(url, log);
  log.info('migrations applied');
}
