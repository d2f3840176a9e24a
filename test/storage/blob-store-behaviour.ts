import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidBlobKeyError } from '../../src/storage/blob-key';
import type { BlobStore } from '../../src/storage/blob-store';
import { InvalidByteRangeError } from '../../src/storage/byte-range';
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

  // Source files for putFile live outside any store root.
  let sources: string;
  beforeAll(async () => {
    sources = await mkdtemp(path.join(tmpdir(), 'kiln-blob-sources-'));
  });
  afterAll(async () => {
    await rm(sources, { recursive: true, force: true });
  });
  const sourceFile = async (name: string, bytes: Buffer) => {
    const file = path.join(sources, `${counter++}-${name}`);
    await writeFile(file, bytes);
    return file;
  };

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

  describe('putFile', () => {
    it('round-trips a multi-megabyte file and leaves the source in place', async () => {
      const store = getStore();
      const key = keyFor('long.mp3');
      const bytes = randomBytes(6 * 1024 * 1024 + 123);
      const source = await sourceFile('long.mp3', bytes);
      await store.putFile(key, source, 'audio/mpeg');

      const object = await store.get(key);
      expect(object?.contentType).toBe('audio/mpeg');
      expect(object?.size).toBe(bytes.length);
      expect((await readBody(object!.body)).equals(bytes)).toBe(true);
      expect((await readFile(source)).equals(bytes)).toBe(true);
    });

    it('round-trips an empty file', async () => {
      const store = getStore();
      const key = keyFor('empty.mp3');
      await store.putFile(key, await sourceFile('empty.mp3', Buffer.alloc(0)), 'audio/mpeg');
      const object = await store.get(key);
      expect(object?.size).toBe(0);
      expect((await readBody(object!.body)).length).toBe(0);
    });

    it('overwrites, and is overwritten by, put with bytes and content type', async () => {
      const store = getStore();
      const key = keyFor('mixed');
      await store.put(key, Buffer.from('from a buffer, longer'), 'image/png');
      await store.putFile(key, await sourceFile('mixed', Buffer.from('from a file')), 'audio/mpeg');
      const fromFile = await store.get(key);
      expect(fromFile?.contentType).toBe('audio/mpeg');
      expect((await readBody(fromFile!.body)).toString()).toBe('from a file');

      await store.put(key, Buffer.from('buffer again'), 'text/plain');
      const fromBuffer = await store.get(key);
      expect(fromBuffer?.contentType).toBe('text/plain');
      expect((await readBody(fromBuffer!.body)).toString()).toBe('buffer again');
    });

    it('rejects a missing source file and creates nothing', async () => {
      const store = getStore();
      const key = keyFor('missing-source.mp3');
      const missing = path.join(sources, 'never-written.mp3');
      await expect(store.putFile(key, missing, 'audio/mpeg')).rejects.toMatchObject({
        code: 'ENOENT',
      });
      expect(await store.exists(key)).toBe(false);
      expect(await store.head(key)).toBeNull();
      expect(await store.get(key)).toBeNull();
    });

    it('leaves an existing object untouched when the source is missing', async () => {
      const store = getStore();
      const key = keyFor('kept.png');
      await store.put(key, Buffer.from('old bytes'), 'image/png');
      const missing = path.join(sources, 'also-never-written.mp3');
      await expect(store.putFile(key, missing, 'audio/mpeg')).rejects.toThrow();
      const object = await store.get(key);
      expect(object?.contentType).toBe('image/png');
      expect((await readBody(object!.body)).toString()).toBe('old bytes');
    });

    it('rejects a directory as the source', async () => {
      const store = getStore();
      const key = keyFor('dir-source');
      const dir = path.join(sources, `dir-${counter++}`);
      await mkdir(dir);
      await expect(store.putFile(key, dir, 'audio/mpeg')).rejects.toThrow();
      expect(await store.exists(key)).toBe(false);
    });
  });

  describe('head', () => {
    it('reports the same size, content type and etag as get, without a body', async () => {
      const store = getStore();
      const key = keyFor('head.png');
      await store.put(key, randomBytes(5000), 'image/png');
      const info = await store.head(key);
      const object = await store.get(key);
      object!.body.destroy();
      expect(info).toEqual({ size: 5000, contentType: 'image/png', etag: object!.etag });
      expect(info).not.toHaveProperty('body');
    });

    it('returns null for a missing key and for a prefix of other objects', async () => {
      const store = getStore();
      const dir = keyFor('head-dir');
      await store.put(`${dir}/0.png`, Buffer.from('png'), 'image/png');
      expect(await store.head(keyFor('never-written'))).toBeNull();
      expect(await store.head(dir)).toBeNull();
    });
  });

  describe('ranged get', () => {
    const bytes = randomBytes(10_000);
    let key: string;

    beforeAll(async () => {
      key = keyFor('ranged.mp3');
      await getStore().put(key, bytes, 'audio/mpeg');
    });

    it.each([
      ['the first bytes', 0, 99],
      ['a middle slice', 1234, 5678],
      ['the last byte', 9999, 9999],
      ['the whole object', 0, 9999],
    ])('reads %s, still reporting the full size', async (_label, start, end) => {
      const store = getStore();
      const whole = await store.head(key);
      const object = await store.get(key, { range: { start, end } });
      expect(object?.size).toBe(bytes.length);
      expect(object?.contentType).toBe('audio/mpeg');
      expect(object?.etag).toBe(whole?.etag);
      expect((await readBody(object!.body)).equals(bytes.subarray(start, end + 1))).toBe(true);
    });

    it('cuts an end past the last byte back to it', async () => {
      const object = await getStore().get(key, { range: { start: 9000, end: 50_000 } });
      expect((await readBody(object!.body)).equals(bytes.subarray(9000))).toBe(true);
    });

    it('rejects a range starting at or past the end', async () => {
      const store = getStore();
      const pastTheEnd = { start: 10_000, end: 10_100 };
      await expect(store.get(key, { range: pastTheEnd })).rejects.toBeInstanceOf(InvalidByteRangeError);
      const empty = keyFor('empty-ranged');
      await store.put(empty, Buffer.alloc(0), 'text/plain');
      await expect(store.get(empty, { range: { start: 0, end: 10 } })).rejects.toBeInstanceOf(InvalidByteRangeError);
    });

    it.each([
      ['end before start', 10, 5],
      ['negative start', -1, 5],
      ['fractional start', 1.5, 5],
      ['infinite end', 0, Infinity],
    ])('rejects a malformed range: %s', async (_label, start, end) => {
      await expect(getStore().get(key, { range: { start, end } })).rejects.toBeInstanceOf(InvalidByteRangeError);
    });

    it('returns null for a missing key', async () => {
      expect(await getStore().get(keyFor('gone'), { range: { start: 0, end: 9 } })).toBeNull();
    });
  });

  describe('list', () => {
    const all = async (store: BlobStore, prefix: string) => {
      const found: { key: string; modifiedAt: Date }[] = [];
      for await (const o of store.list(prefix)) found.push(o);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    };

    it('names every object under a folder, nested ones too, with when it was written, and nothing else', async () => {
      const store = getStore();
      const folder = keyFor('list');
      const before = Date.now() - 60_000;
      await store.put(`${folder}/a`, Buffer.from('a'), 'text/plain');
      await store.putFile(`${folder}/deep/b`, await sourceFile('b', Buffer.from('bb')), 'text/plain');
      await store.put(`${folder}-sibling/c`, Buffer.from('c'), 'text/plain');
      const found = await all(store, `${folder}/`);
      expect(found.map((o) => o.key)).toEqual([`${folder}/a`, `${folder}/deep/b`]);
      for (const o of found) expect(o.modifiedAt.getTime()).toBeGreaterThan(before);

      await store.delete(`${folder}/a`);
      expect((await all(store, `${folder}/`)).map((o) => o.key)).toEqual([`${folder}/deep/b`]);
      expect(await all(store, `${keyFor('empty')}/`)).toEqual([]);
    });

    it('refuses a prefix that could leave the store', async () => {
      const store = getStore();
      for (const prefix of ['../', 'a/../../', '/etc/']) {
        await expect(all(store, prefix)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      }
    });
  });

  it.each(BAD_KEYS.map((key) => [JSON.stringify(key).slice(0, 40), key]))('rejects bad key %s in every operation', async (_label, key) => {
    const store = getStore();
    await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    const source = await sourceFile('bad-key-source', Buffer.from('x'));
    await expect(store.putFile(key, source, 'text/plain')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.head(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.exists(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });
}
