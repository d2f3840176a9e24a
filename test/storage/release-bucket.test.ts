import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger';
import { release } from '../../src/roles/release';
import { createS3Store } from '../../src/storage/s3-store';
import { readBody } from './read-body';
import { startS3rver, type RunningS3rver } from './s3rver-server';
import { testConfig } from '../support/runtime';

const silent = createLogger({ level: 'silent', role: 'test' });

describe('release with STORAGE_DRIVER=s3', () => {
  let s3: RunningS3rver;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(() => s3?.stop());

  const s3Env = (bucket: string, endpoint = s3.endpoint) => ({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });

  it('creates the bucket when it is missing, and finds it the next time', async () => {
    const store = createS3Store(s3.optionsFor('kiln-fresh'));
    await expect(store.put('probe/a.txt', Buffer.from('before'), 'text/plain')).rejects.toThrow();
    await release(testConfig(s3Env('kiln-fresh')), silent);
    await release(testConfig(s3Env('kiln-fresh')), silent);
    await store.put('probe/a.txt', Buffer.from('stored'), 'text/plain');
    const got = await store.get('probe/a.txt');
    expect((await readBody(got!.body)).toString()).toBe('stored');
  });

  it('stops with a message naming the bucket when it can be neither found nor created', async () => {
    // Nothing listens on port 9 of the loopback: neither HEAD nor CREATE gets an answer.
    await expect(release(testConfig(s3Env('kiln-unreachable', 'http://127.0.0.1:9')), silent)).rejects.toThrow(
      /S3_BUCKET "kiln-unreachable" at http:\/\/127\.0\.0\.1:9 could not be found or created/,
    );
  });
});
