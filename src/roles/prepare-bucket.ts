import type { Config } from '../config';
import type { Logger } from '../logger';
import { s3OptionsOf } from '../storage/s3-options';

/**
 * At release, with the S3 driver: creates the bucket when it is missing, so the first upload of a new
 * installation does not fail with NoSuchBucket. When it can be neither found nor created (credentials
 * without s3:CreateBucket, a wrong endpoint), the release stops and says which bucket and what to do.
 */
export async function prepareBucket(config: Config, log: Logger): Promise<void> {
  const options = s3OptionsOf(config);
  if (config.STORAGE_DRIVER !== 's3' || !options) return;
  // Loaded only here: the AWS SDK is large, and a local installation never needs it.
  const { ensureBucket } = await import('../storage/s3-store');
  try {
    await ensureBucket(options);
  } catch (err) {
    const where = options.endpoint ?? `AWS region ${options.region ?? 'us-east-1'}`;
    throw new Error(
      `S3_BUCKET "${options.bucket}" at ${where} could not be found or created (${(err as Error).name}: ${(err as Error).message}). ` +
        'Create the bucket, or give these credentials s3:CreateBucket, then run the release again.',
    );
  }
  log.info({ bucket: options.bucket }, 'storage bucket ready');
}
