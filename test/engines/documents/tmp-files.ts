import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** A per-file temporary directory; `file(name, data)` writes into it and returns the path. */
export function tmpFiles(): { file(name: string, data: Buffer | string): Promise<string> } {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kiln-documents-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return {
    async file(name, data) {
      const path = join(dir, name);
      await writeFile(path, data);
      return path;
    },
  };
}
