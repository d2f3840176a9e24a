import { createHash } from 'node:crypto';

/**
 * Deterministic, incompressible bytes named by a seed: the edge (which gets them through a deployed
 * archive) and the plain static server (a child process) build the very same buffers without sharing
 * memory or files. SHA-256 in counter mode: fast enough for a few MiB.
 */
export function payload(seed: string, size: number): Buffer {
  const out = Buffer.allocUnsafe(size);
  let offset = 0;
  for (let block = 0; offset < size; block++) {
    const digest = createHash('sha256').update(`${seed}:${block}`).digest();
    offset += digest.copy(out, offset, 0, Math.min(digest.length, size - offset));
  }
  return out;
}

/** The two files of the edge scenario: path on the site (and on the plain server) → bytes. */
export const EDGE_FILES = {
  '/ten-kb.bin': () => payload('kiln-bench-ten-kb', 10 * 1024),
  '/one-mb.bin': () => payload('kiln-bench-one-mb', 1024 * 1024),
} as const;
export type EdgeFilePath = keyof typeof EDGE_FILES;
