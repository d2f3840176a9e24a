import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../../src/storage';
import { readBody } from './read-body';

describe('createBlobStore', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kiln-create-store-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('builds a working local store rooted at localDir', async () => {
    const store = createBlobStore({ driver: 'local', localDir: dir });
    expect(store.driver).toBe('local');
    await store.put('sites/ab/abcdef', Buffer.from('<h1>hi</h1>'), 'text/html');
    const object = await store.get('sites/ab/abcdef');
    expect(object?.contentType).toBe('text/html');
    expect((await readBody(object!.body)).toString()).toBe('<h1>hi</h1>');
  });

  it('builds an s3 store from the s3 options', () => {
    const store = createBlobStore({
      driver: 's3',
      localDir: dir,
      s3: { bucket: 'kiln', endpoint: 'http://127.0.0.1:1', forcePathStyle: true },
    });
    expect(store.driver).toBe('s3');
  });

  it('refuses half-configured s3 credentials at once, before the SDK is loaded', () => {
    expect(() => createBlobStore({ driver: 's3', localDir: dir, s3: { bucket: 'kiln', accessKeyId: 'only-id' } })).toThrow(/accessKeyId and secretAccessKey/);
  });

  it('refuses the s3 driver without s3 options', () => {
    expect(() => createBlobStore({ driver: 's3', localDir: dir })).toThrow(/s3 options/);
  });
});
