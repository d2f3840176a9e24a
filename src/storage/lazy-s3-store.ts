import type { BlobStore } from './blob-store';
import { assertS3Credentials, type S3StoreOptions } from './s3-options';

/**
 * An S3 store that loads the AWS SDK on its first call. The SDK is the costliest import in the process,
 * and most processes (every one on the local driver) never touch it. Bad options still fail here, at once.
 */
export function createLazyS3Store(opts: S3StoreOptions): BlobStore {
  assertS3Credentials(opts);
  let loaded: Promise<BlobStore> | null = null;
  const store = () => (loaded ??= import('./s3-store').then((m) => m.createS3Store(opts)));
  return {
    driver: 's3',
    put: async (key, body, contentType) => (await store()).put(key, body, contentType),
    putFile: async (key, filePath, contentType) => (await store()).putFile(key, filePath, contentType),
    get: async (key, opts) => (await store()).get(key, opts),
    head: async (key) => (await store()).head(key),
    exists: async (key) => (await store()).exists(key),
    delete: async (key) => (await store()).delete(key),
    async *list(prefix) {
      yield* (await store()).list(prefix);
    },
  };
}
