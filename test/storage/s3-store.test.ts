import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../../src/storage';
import type { BlobStore } from '../../src/storage/blob-store';
import { createS3Store, ensureBucket } from '../../src/storage/s3-store';
import { itBehavesLikeABlobStore } from './blob-store-behaviour';
import { readBody } from './read-body';
import { startS3rver, type RunningS3rver } from './s3rver-server';

describe('s3 blob store (against s3rver)', () => {
  let s3: RunningS3rver;
  let store: BlobStore;

  beforeAll(async () => {
    s3 = await startS3rver();
    await ensureBucket(s3.optionsFor('kiln-blobs'));
    store = createS3Store(s3.optionsFor('kiln-blobs'));
  });

  afterAll(async () => {
    await s3?.stop();
  });

  it('reports driver "s3"', () => {
    expect(store.driver).toBe('s3');
  });

  describe('shared behaviour', () => {
    itBehavesLikeABlobStore(() => store);
  });

  // createBlobStore loads the SDK on first use; the store it returns must behave the same.
  describe('shared behaviour, built by createBlobStore', () => {
    let lazy: BlobStore;
    beforeAll(() => {
      lazy = createBlobStore({ driver: 's3', localDir: '/nonexistent', s3: s3.optionsFor('kiln-blobs') });
    });
    itBehavesLikeABlobStore(() => lazy);
  });

  it('ensureBucket creates a missing bucket and is idempotent', async () => {
    const options = s3.optionsFor('kiln-fresh-bucket');
    const fresh = createS3Store(options);
    await expect(fresh.put('a.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();

    await ensureBucket(options);
    await ensureBucket(options);
    await fresh.put('a.txt', Buffer.from('hello'), 'text/plain');
    const object = await fresh.get('a.txt');
    expect((await readBody(object!.body)).toString()).toBe('hello');
  });

  it('surfaces a missing bucket as an error instead of a missing object', async () => {
    const orphan = createS3Store(s3.optionsFor('kiln-no-such-bucket'));
    await expect(orphan.get('a.txt')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('rejects half-configured credentials', () => {
    expect(() => createS3Store({ bucket: 'kiln-blobs', endpoint: s3.endpoint, accessKeyId: 'only-id' })).toThrow(/accessKeyId and secretAccessKey/);
  });
});
