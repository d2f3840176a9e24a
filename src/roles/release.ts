import type { Config } from '../config';
import { ensureDatabase, runMigrations } from '../db/migrate';
import type { Logger } from '../logger';
import { prepareBucket } from './prepare-bucket';
import { recordSharedSettings } from './shared-settings';
import { connectDatabase } from '../db/client';

/**
 * Creates the database if needed, applies migrations and, with S3 storage, creates the bucket if missing;
 * and records the settings every process must share (see shared-settings.ts); safe to run from several
 * processes at once.
 */
export async function release(config: Config, log: Logger): Promise<void> {
  if (await ensureDatabase(config.DATABASE_URL)) log.info('database created');
  await runMigrations(config.DATABASE_URL);
  log.info('migrations applied');
  await prepareBucket(config, log);
  const database = connectDatabase(config.DATABASE_URL, { max: 1 });
  try {
    await recordSharedSettings(database.db, config);
  } finally {
    await database.close();
  }
  log.info({ PUBLIC_URL: config.PUBLIC_URL, CDN_URL: config.CDN_URL }, 'installation settings recorded');
}
