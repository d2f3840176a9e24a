import type { Stats } from 'node:fs';
import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { assertValidBlobKey } from './blob-key';
import type { BlobObject, BlobStore } from './blob-store';
import { writeFileAtomic } from './atomic-write';
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
      if (
        parsed !== null &&
        typeof parsed === 'object' &&
        typeof (parsed as BlobMeta).contentType === 'string'
      ) {
        return { contentType: (parsed as BlobMeta).contentType };
      }
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    // A file dropped into the root by hand has no sidecar; still serve it.
    return { contentType: FALLBACK_CONTENT_TYPE };
  }

  return {
    driver: 'local',

    async put(key, body, contentType) {
      const filePath = filePathFor(key);
      const meta: BlobMeta = { contentType };
      await withKeyLock(key, async () => {
        await mkdir(path.dirname(filePath), { recursive: true });
        // Sidecar first: whenever the data file is visible its sidecar is
        // too, so a reader never sees a new object with the fallback type.
        await writeFileAtomic(filePath + META_SUFFIX, JSON.stringify(meta));
        try {
          await writeFileAtomic(filePath, body);
        } catch (err) {
          // Don't leave a sidecar for an object that was never created.
          if (!(await isFile(filePath))) await unlinkIfPresent(filePath + META_SUFFIX);
          throw err;
        }
      });
    },

    async get(key): Promise<BlobObject | null> {
      const filePath = filePathFor(key);
      let handle;
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
        const { contentType } = await readMeta(filePath);
        return {
          body: handle.createReadStream({ autoClose: true }),
          size: stats.size,
          contentType,
          etag: etagFor(stats),
        };
      } catch (err) {
        await handle.close().catch(() => undefined);
        throw err;
      }
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
  };
}

// Every put renames a fresh inode into place, so inode + size + mtime changes
// whenever the content can have changed, without hashing the file.
function etagFor(stats: Stats): string {
  const parts = [stats.ino, stats.size, Math.trunc(stats.mtimeMs * 1000)];
  return `"${parts.map((n) => n.toString(16)).join('-')}"`;
}

async function isFile(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile();
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
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
