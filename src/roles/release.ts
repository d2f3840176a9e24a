import type { Config } from '../config';
import { ensureDatabase, runMigrations } from '../db/migrate';
import type { Logger } from '../logger';
import { prepareBucket } from './prepare-bucket';

/**
 * Creates the database if needed, applies migrations and, with S3 storage, creates the bucket if missing;
 * safe to run from several processes at once.
 */
export async function release(config: Config, log: Logger): Promise<void> {
  if (await ensureDatabase(config.DATABASE_URL)) log.info('database created');
  await runMigrations(config.DATABASE_URL);
  log.info('migrations applied');
  await prepareBucket(config, log);
}
