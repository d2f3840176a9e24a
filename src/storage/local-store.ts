import type { Stats } from 'node:fs';
import { type FileHandle, mkdir, open, opendir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidBlobKey, assertValidPrefix } from './blob-key';
import type { BlobInfo, BlobObject, BlobStore, ListedBlob } from './blob-store';
import { writeFileAtomic } from './atomic-write';
import { assertByteRange, clampByteRange } from './byte-range';
import { createKeyLock } from './key-lock';

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

// `~` is outside the key alphabet, so a sidecar can never shadow a real key
// (a `.meta.json` suffix would clash with a key that really ends that way).
const META_SUFFIX = '~meta.json';

interface BlobMeta {
  contentType: string;
}

/**
 * Filesystem-backed store. Objects are plain files under `rootDir` (so they can
 * be inspected or served by other tools); the content type lives in a sidecar.
 *
 * Limitation shared with any filesystem layout: `a/b` and `a/b/c` cannot both
 * exist, because `a/b` would have to be a file and a directory at once.
 */
export function createLocalStore(rootDir: string): BlobStore {
  const root = path.resolve(rootDir);
  const withKeyLock = createKeyLock();

  function filePathFor(key: string): string {
    assertValidBlobKey(key);
    const filePath = path.join(root, ...key.split('/'));
    // Key validation already forbids escapes; this guards against a future
    // change to the validator silently reopening path traversal.
    if (!filePath.startsWith(root + path.sep)) {
      throw new Error(`Blob key resolves outside the store root: ${key}`);
    }
    return filePath;
  }

  async function readMeta(filePath: string): Promise<BlobMeta> {
    try {
      const parsed: unknown = JSON.parse(await readFile(filePath + META_SUFFIX, 'utf8'));
      if (parsed !== null && typeof parsed === 'object' && typeof (parsed as BlobMeta).contentType === 'string') {
        return { contentType: (parsed as BlobMeta).contentType };
      }
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    // A file dropped into the root by hand has no sidecar; still serve it.
    return { contentType: FALLBACK_CONTENT_TYPE };
  }

  /** Callers hold the key lock. */
  async function writeObject(filePath: string, data: Buffer | Readable, contentType: string): Promise<void> {
    const meta: BlobMeta = { contentType };
    await mkdir(path.dirname(filePath), { recursive: true });
    // Sidecar first: whenever the data file is visible its sidecar is
    // too, so a reader never sees a new object with the fallback type.
    await writeFileAtomic(filePath + META_SUFFIX, JSON.stringify(meta));
    try {
      await writeFileAtomic(filePath, data);
    } catch (err) {
      // Don't leave a sidecar for an object that was never created.
      if (!(await isFile(filePath))) await unlinkIfPresent(filePath + META_SUFFIX);
      throw err;
    }
  }

  return {
    driver: 'local',

    async put(key, body, contentType) {
      const filePath = filePathFor(key);
      await withKeyLock(key, () => writeObject(filePath, body, contentType));
    },

    async putFile(key, sourcePath, contentType) {
      const filePath = filePathFor(key);
      // Locked before anything is awaited, so writes to one key still land
      // in call order, whichever of put and putFile made them.
      await withKeyLock(key, async () => {
        // Opened before the store is touched: the new sidecar goes in before
        // the data, so a source that turned out missing only then would
        // leave an existing object's old bytes labelled with the new type.
        const source = await open(sourcePath, 'r');
        // The stream owns the handle from here on; destroying it closes the file.
        const body = source.createReadStream();
        try {
          if (!(await source.stat()).isFile()) {
            throw new Error(`Blob source is not a regular file: ${sourcePath}`);
          }
          await writeObject(filePath, body, contentType);
        } finally {
          body.destroy();
        }
      });
    },

    async get(key, opts): Promise<BlobObject | null> {
      const filePath = filePathFor(key);
      if (opts?.range !== undefined) assertByteRange(opts.range);
      let handle: FileHandle;
      try {
        handle = await open(filePath, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      try {
        // Size and ETag come from the open handle, not the path, so they
        // describe exactly the bytes streamed even if a put renames a new
        // file into place meanwhile.
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        // Checked against the open file, which is what will be read.
        const range = opts?.range && clampByteRange(opts.range, stats.size);
        const { contentType } = await readMeta(filePath);
        return {
          // createReadStream's `end` is inclusive, like ByteRange's.
          body: handle.createReadStream({ autoClose: true, ...range }),
          size: stats.size,
          contentType,
          etag: etagFor(stats),
        };
      } catch (err) {
        await handle.close().catch(() => undefined);
        throw err;
      }
    },

    async head(key): Promise<BlobInfo | null> {
      const filePath = filePathFor(key);
      const stats = await statFile(filePath);
      if (stats === null) return null;
      const { contentType } = await readMeta(filePath);
      return { size: stats.size, contentType, etag: etagFor(stats) };
    },

    async exists(key) {
      return isFile(filePathFor(key));
    },

    async delete(key) {
      const filePath = filePathFor(key);
      await withKeyLock(key, async () => {
        // Data before sidecar keeps the "data visible => sidecar present" rule.
        await unlinkIfPresent(filePath);
        await unlinkIfPresent(filePath + META_SUFFIX);
      });
    },

    async *list(prefix) {
      assertValidPrefix(prefix);
      // The folder the prefix names, then only the names that go on with the prefix's last part.
      const cut = prefix.lastIndexOf('/');
      const folder = prefix.slice(0, cut + 1);
      yield* walk(root, folder, prefix);
    },
  };
}

/** Objects below `folder` (a key prefix ending in `/`, or empty) whose keys start with `prefix`. */
async function* walk(root: string, folder: string, prefix: string): AsyncGenerator<ListedBlob> {
  let dir: Awaited<ReturnType<typeof opendir>>;
  try {
    dir = await opendir(path.join(root, ...folder.split('/').filter(Boolean)));
  } catch (err) {
    if (isMissing(err)) return;
    throw err;
  }
  for await (const entry of dir) {
    // `~` is outside the key alphabet: sidecars and half-written temp files are never objects.
    if (entry.name.includes('~')) continue;
    const key = folder + entry.name;
    if (entry.isDirectory()) {
      if (prefix.startsWith(`${key}/`) || `${key}/`.startsWith(prefix)) yield* walk(root, `${key}/`, prefix);
    } else if (entry.isFile() && key.startsWith(prefix)) {
      const stats = await statFile(path.join(root, ...key.split('/')));
      if (stats) yield { key, modifiedAt: stats.mtime };
    }
  }
}

// Every put renames a fresh inode into place, so inode + size + mtime changes
// whenever the content can have changed, without hashing the file.
function etagFor(stats: Stats): string {
  const parts = [stats.ino, stats.size, Math.trunc(stats.mtimeMs * 1000)];
  return `"${parts.map((n) => n.toString(16)).join('-')}"`;
}

/** Null when missing or not a regular file (a directory of other objects). */
async function statFile(filePath: string): Promise<Stats | null> {
  try {
    const stats = await stat(filePath);
    return stats.isFile() ? stats : null;
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

async function isFile(filePath: string): Promise<boolean> {
  return (await statFile(filePath)) !== null;
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  // ENOTDIR: a key like `a/b/c` where `a/b` is an object, i.e. not present.
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function unlinkIfPresent(filePath: string): Promise<void> {
  try {
    await unlink(filePath);
  } catch (err) {
    // EISDIR: the key names a directory of other objects, not an object.
    if (!isMissing(err) && (err as NodeJS.ErrnoException).code !== 'EISDIR') throw err;
  }
}
