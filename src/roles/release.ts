import type { Config } from '../config';
import { ensureDatabase, runMigrations } from '../db/migrate';
import type { Logger } from '../logger';
import { prepareBucket } from './prepare-bucket';
import { recordSharedSettings } from './shared-settings';
import { connectDatabase } from '../db/client';

/**
 * Creates the database if needed and applies migrations; with S3 storage, creates the bucket if missing;
 * records the settings every process must share (see shared-settings.ts). Safe to run from several
 * processes at once, also through a transaction pooler. DATABASE_MIGRATION_URL, when set, is a direct
 * connection for the migrations (what GitLab and Sidekiq ask for behind PgBouncer).
 */
export async function release(config: Config, log: Logger): Promise<void> {
  const url = config.DATABASE_MIGRATION_URL ?? config.DATABASE_URL;
  if (await ensureDatabase(url)) log.info('database created');
  await runMigrations(url, log);
  log.info('migrations applied');
  await prepareBucket(config, log);
  const database = connectDatabase(url, { max: 1 });
  try {
    await recordSharedSettings(database.db, config);
  } finally {
    await database.close();
  }
  log.info({ PUBLIC_URL: config.PUBLIC_URL, CDN_URL: config.CDN_URL }, 'installation settings recorded');
}
