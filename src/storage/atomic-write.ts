import { randomBytes } from 'node:crypto';
import { open, rename, unlink, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/**
 * Writes `data` to `target` so that readers see either the old file or the
 * complete new one: the bytes go to a temp file in the same directory (rename
 * is only atomic within one filesystem) and are fsynced before the rename, so
 * a crash cannot leave a renamed-but-empty file behind.
 *
 * A stream is written chunk by chunk as it is read, so a large file is copied
 * without ever being held in memory whole. Its owner still has to destroy it
 * if this fails before reading it (e.g. the temp file cannot be created).
 *
 * The temp name contains `~`, which is outside the blob key alphabet, so it
 * can never collide with, or be listed as, a real object.
 */
export async function writeFileAtomic(target: string, data: Buffer | string | Readable): Promise<void> {
  const temp = `${target}~${randomBytes(8).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      // The fs/promises form: unlike FileHandle#writeFile, its typings admit a stream.
      await writeFile(handle, data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
}
