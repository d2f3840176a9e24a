import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../src/storage/blob-store';
import { createLocalStore } from '../../src/storage/local-store';
import { itBehavesLikeABlobStore } from './blob-store-behaviour';
import { readBody } from './read-body';

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('local blob store', () => {
  let sandbox: string;
  let root: string;
  let store: BlobStore;

  beforeAll(async () => {
    sandbox = await mkdtemp(path.join(tmpdir(), 'kiln-local-store-'));
    root = path.join(sandbox, 'root');
    store = createLocalStore(root);
  });

  afterAll(async () => {
    await rm(sandbox, { recursive: true, force: true });
  });

  it('reports driver "local"', () => {
    expect(store.driver).toBe('local');
  });

  describe('shared behaviour', () => {
    itBehavesLikeABlobStore(() => store);
  });

  it('stores objects as plain files at the key path under the root', async () => {
    await store.put('images/2026/11/img_abc/0.png', Buffer.from('png bytes'), 'image/png');
    const onDisk = path.join(root, 'images', '2026', '11', 'img_abc', '0.png');
    expect(existsSync(onDisk)).toBe(true);
  });

  it('never writes outside the root for a rejected key', async () => {
    await expect(store.put('../escaped', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(store.put('a/../../escaped2', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    expect(existsSync(path.join(sandbox, 'escaped'))).toBe(false);
    expect(existsSync(path.join(sandbox, 'escaped2'))).toBe(false);
  });

  it('keeps a key ending in ".meta.json" separate from another key\'s metadata', async () => {
    await store.put('clash/x', Buffer.from('object x'), 'image/png');
    await store.put('clash/x.meta.json', Buffer.from('{"a":1}'), 'application/json');
    const x = await store.get('clash/x');
    const meta = await store.get('clash/x.meta.json');
    expect(x?.contentType).toBe('image/png');
    expect((await readBody(x!.body)).toString()).toBe('object x');
    expect(meta?.contentType).toBe('application/json');
    expect((await readBody(meta!.body)).toString()).toBe('{"a":1}');
  });

  it('serves a file placed by hand as application/octet-stream', async () => {
    await mkdir(path.join(root, 'manual'), { recursive: true });
    await writeFile(path.join(root, 'manual', 'file.bin'), 'raw');
    const object = await store.get('manual/file.bin');
    expect(object?.contentType).toBe('application/octet-stream');
    expect((await readBody(object!.body)).toString()).toBe('raw');
  });

  describe('putFile', () => {
    let sources: string;

    beforeAll(async () => {
      sources = path.join(sandbox, 'sources');
      await mkdir(sources);
    });

    it('leaves only the object and its sidecar, and the source in place', async () => {
      const source = path.join(sources, 'voice.mp3');
      await writeFile(source, Buffer.alloc(3 * 1024 * 1024, 0x5a));
      await store.putFile('putfile/ok/0.mp3', source, 'audio/mpeg');
      const files = await listFiles(path.join(root, 'putfile', 'ok'));
      expect(files).toEqual(['0.mp3', '0.mp3~meta.json']);
      expect(existsSync(source)).toBe(true);
    });

    it('touches nothing in the store for a missing source', async () => {
      await expect(store.putFile('putfile/missing/0.mp3', path.join(sources, 'nope.mp3'), 'audio/mpeg')).rejects.toThrow();
      expect(existsSync(path.join(root, 'putfile', 'missing'))).toBe(false);
    });

    it('cleans up its temp file and sidecar when the final rename fails', async () => {
      const source = path.join(sources, 'small.bin');
      await writeFile(source, 'x');
      // As with put: `putfile/dir` is a directory of objects, so the rename fails.
      await store.put('putfile/dir/child.png', Buffer.from('child'), 'image/png');
      await expect(store.putFile('putfile/dir', source, 'image/png')).rejects.toThrow();
      expect(await listFiles(path.join(root, 'putfile'))).toEqual(['dir/child.png', 'dir/child.png~meta.json', 'ok/0.mp3', 'ok/0.mp3~meta.json']);
    });

    it.each([
      ['put', 31, 'image/png', 'png-bytes'],
      ['putFile', 30, 'audio/mpeg', 'mp3-bytes-from-a-file'],
    ])('keeps racing put and putFile of one key paired and in call order (%s last)', async (_label, writes, lastType, lastBytes) => {
      const key = `putfile/pair/${writes}`;
      const source = path.join(sources, 'pair.mp3');
      await writeFile(source, 'mp3-bytes-from-a-file');
      await Promise.all(
        Array.from({ length: writes }, (_, i) =>
          i % 2 === 0 ? store.put(key, Buffer.from('png-bytes'), 'image/png') : store.putFile(key, source, 'audio/mpeg'),
        ),
      );
      const object = await store.get(key);
      expect(object?.contentType).toBe(lastType);
      expect((await readBody(object!.body)).toString()).toBe(lastBytes);
    });
  });

  describe('atomic writes', () => {
    it('leaves only the object and its sidecar after many concurrent overwrites', async () => {
      const dir = path.join(root, 'atomic', 'many');
      await Promise.all(Array.from({ length: 25 }, (_, i) => store.put('atomic/many/0.png', Buffer.alloc(10_000 + i, i), 'image/png')));
      expect(await listFiles(dir)).toEqual(['0.png', '0.png~meta.json']);
    });

    it('cleans up its temp file when the final rename fails', async () => {
      // `atomic/dir` is a directory of objects, so a put of that key must fail
      // at the rename, after the temp file has been written.
      await store.put('atomic/dir/child.png', Buffer.from('child'), 'image/png');
      await expect(store.put('atomic/dir', Buffer.from('x'), 'image/png')).rejects.toThrow();
      expect(await listFiles(path.join(root, 'atomic'))).toEqual(['dir/child.png', 'dir/child.png~meta.json', 'many/0.png', 'many/0.png~meta.json']);
    });

    it('never lets a reader see a partially written file', async () => {
      const key = 'atomic/readers/big.mp3';
      // Different sizes and fill bytes, so any mix of the two is detectable.
      const versions = [Buffer.alloc(3 * 1024 * 1024, 0xaa), Buffer.alloc(2 * 1024 * 1024, 0xbb)];
      await store.put(key, versions[0]!, 'audio/mpeg');

      let writing = true;
      const writer = (async () => {
        for (let i = 0; i < 20; i++) await store.put(key, versions[i % 2]!, 'audio/mpeg');
        writing = false;
      })();
      const seen = new Set<number>();
      const reader = (async () => {
        while (writing) {
          const object = await store.get(key);
          const body = await readBody(object!.body);
          expect(body.length).toBe(object!.size);
          const expected = versions.find((v) => v.length === body.length);
          expect(expected, `unexpected length ${body.length}`).toBeDefined();
          expect(body.equals(expected!)).toBe(true);
          seen.add(body.length);
        }
      })();
      await Promise.all([writer, reader]);
      expect(seen.size).toBeGreaterThan(0);
    });

    it('keeps bytes and content type paired under concurrent puts of one key', async () => {
      const key = 'atomic/pair/obj';
      const png = Buffer.from('png-bytes');
      const mp3 = Buffer.from('mp3-bytes-longer');
      await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? store.put(key, png, 'image/png') : store.put(key, mp3, 'audio/mpeg'))));
      const object = await store.get(key);
      const body = await readBody(object!.body);
      // The last put queued was the odd (mp3) one.
      expect(object?.contentType).toBe('audio/mpeg');
      expect(body.equals(mp3)).toBe(true);
    });
  });
});
