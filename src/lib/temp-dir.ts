import { mkdtempSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `kiln-<purpose>-XXXXXX` under the OS temp folder, so a leftover folder says what made it. */
const prefix = (purpose: string) => join(tmpdir(), `kiln-${purpose}-`);

/** Runs `work` in a new empty folder, removed with all it holds however `work` ends. */
export async function withTempDir<T>(purpose: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(prefix(purpose));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A new empty folder that outlives one call (a child process's working folder); its owner removes it. */
export function makeTempDirSync(purpose: string): string {
  return mkdtempSync(prefix(purpose));
}
