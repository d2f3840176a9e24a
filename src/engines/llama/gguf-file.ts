import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** Every GGUF file starts with these four bytes (ggml-org/ggml docs/gguf.md). */
const GGUF_MAGIC = 'GGUF';

/**
 * Why `path` cannot be a GGUF model (it does not exist, is not a file, or does not start with the GGUF
 * magic), or null when it can. Read at start-up, so a wrong path is a start-up error, not a failed job.
 */
export function ggufFileProblem(path: string): string | null {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return 'is not a file';
    size = stat.size;
  } catch {
    return 'does not exist (or cannot be read)';
  }
  if (size < 4) return 'is not a GGUF model (the file is shorter than the GGUF header)';
  const head = Buffer.alloc(4);
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    readSync(fd, head, 0, 4, 0);
  } catch {
    return 'cannot be read';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  if (head.toString('latin1') !== GGUF_MAGIC) return `is not a GGUF model (the file does not start with "${GGUF_MAGIC}")`;
  return null;
}
