import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { InvalidBlobKeyError } from '../../src/storage/blob-key';
import type { BlobStore } from '../../src/storage/blob-store';
import { readBody } from './read-body';

export const BAD_KEYS = [
  '../x',
  '/etc/passwd',
  'a\\b',
  'a/../../b',
  '..',
  './a',
  'a/./b',
  'a//b',
  'a/',
  '',
  'a\0b',
  'a b',
  'a?b',
  'a%2e%2e/b',
  'ünïcode',
  'a'.repeat(1025),
];

/**
 * Behaviour every BlobStore driver must share. Registered inside the caller's
 * describe so each driver's file can add its own setup and driver-specific cases.
 */
export function itBehavesLikeABlobStore(getStore: () => BlobStore): void {
  let counter = 0;
  // Unique per test so cases never observe each other's objects.
  const keyFor = (name: string) => `behaviour/${Date.now().toString(36)}-${counter++}/${name}`;

  it('round-trips binary bytes, size and content type', async () => {
    const store = getStore();
    const key = keyFor('0.png');
    const bytes = randomBytes(256 * 1024);
    await store.put(key, bytes, 'image/png');

    const object = await store.get(key);
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe('image/png');
    expect(object!.size).toBe(bytes.length);
    expect((await readBody(object!.body)).equals(bytes)).toBe(true);
  });

  it('round-trips an empty body', async () => {
    const store = getStore();
    const key = keyFor('empty.txt');
    await store.put(key, Buffer.alloc(0), 'text/plain');
    const object = await store.get(key);
    expect(object?.size).toBe(0);
    expect((await readBody(object!.body)).length).toBe(0);
  });

  it('overwrites idempotently, replacing bytes and content type', async () => {
    const store = getStore();
    const key = keyFor('clip');
    await store.put(key, Buffer.from('first version, longer'), 'image/png');
    await store.put(key, Buffer.from('second'), 'audio/mpeg');
    await store.put(key, Buffer.from('second'), 'audio/mpeg');

    const object = await store.get(key);
    expect(object?.contentType).toBe('audio/mpeg');
    expect(object?.size).toBe(6);
    expect((await readBody(object!.body)).toString()).toBe('second');
  });

  it('reports a different etag once the content changes', async () => {
    const store = getStore();
    const key = keyFor('etag.bin');
    await store.put(key, Buffer.from('aaaa'), 'application/octet-stream');
    const first = await store.get(key);
    first!.body.destroy();
    await store.put(key, Buffer.from('bbbb'), 'application/octet-stream');
    const second = await store.get(key);
    second!.body.destroy();

    expect(first?.etag).toMatch(/^"[^"]+"$/);
    expect(second?.etag).toMatch(/^"[^"]+"$/);
    expect(second?.etag).not.toBe(first?.etag);
  });

  it('exists is true after put and false after delete', async () => {
    const store = getStore();
    const key = keyFor('a.mp3');
    expect(await store.exists(key)).toBe(false);
    await store.put(key, Buffer.from('id3'), 'audio/mpeg');
    expect(await store.exists(key)).toBe(true);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
  });

  it('deletes only the named key', async () => {
    const store = getStore();
    const keep = keyFor('keep.png');
    const drop = keyFor('drop.png');
    await store.put(keep, Buffer.from('keep'), 'image/png');
    await store.put(drop, Buffer.from('drop'), 'image/png');
    await store.delete(drop);
    expect(await store.exists(keep)).toBe(true);
    expect(await store.exists(drop)).toBe(false);
  });

  it('returns null / false for a missing key and deletes it without error', async () => {
    const store = getStore();
    const key = keyFor('never-written.png');
    expect(await store.get(key)).toBeNull();
    expect(await store.exists(key)).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('treats a key prefix of other objects as missing, not as an object', async () => {
    const store = getStore();
    const dir = keyFor('img_abc');
    await store.put(`${dir}/0.png`, Buffer.from('png'), 'image/png');
    expect(await store.get(dir)).toBeNull();
    expect(await store.exists(dir)).toBe(false);
    await expect(store.delete(dir)).resolves.toBeUndefined();
    expect(await store.exists(`${dir}/0.png`)).toBe(true);
  });

  it.each(BAD_KEYS.map((key) => [JSON.stringify(key).slice(0, 40), key]))(
    'rejects bad key %s in every operation',
    async (_label, key) => {
      const store = getStore();
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
        InvalidBlobKeyError,
      );
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.exists(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    },
  );
}
