import type { BlobStore } from './blob-store';
import { createLocalStore } from './local-store';
import { createLazyS3Store } from './lazy-s3-store';
import type { S3StoreOptions } from './s3-options';

export interface BlobStoreConfig {
  driver: 'local' | 's3';
  /** Root directory for the local driver; ignored by the s3 driver. */
  localDir: string;
  /** Required when `driver` is `s3`. */
  s3?: S3StoreOptions;
}

export function createBlobStore(config: BlobStoreConfig): BlobStore {
  switch (config.driver) {
    case 'local':
      return createLocalStore(config.localDir);
    case 's3':
      if (config.s3 === undefined) {
        throw new Error('Blob store driver "s3" needs s3 options (at least a bucket)');
      }
      return createLazyS3Store(config.s3);
    default: {
      const driver: never = config.driver;
      throw new Error(`Unknown blob store driver: ${String(driver)}`);
    }
  }
}

export type { BlobInfo, BlobObject, BlobStore, ByteRange, GetOptions } from './blob-store';
export { assertValidBlobKey, isValidBlobKey, InvalidBlobKeyError } from './blob-key';
export { InvalidByteRangeError } from './byte-range';
export { createLocalStore } from './local-store';
// The S3 store itself (and ensureBucket) are imported from './s3-store', which loads the AWS SDK.
export type { S3StoreOptions } from './s3-options';
export { cdnUrl, signCdnPath, verifyCdnPath, type CdnPathVerdict } from './signed-url';
export { createCdnApp, type CdnAppOptions } from './cdn-app';
