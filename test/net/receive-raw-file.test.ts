import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiveRawFile } from '../../src/net/receive-raw-file';

describe('receiveRawFile', () => {
  it('leaves no file behind when a body without Content-Length passes the limit, and keeps the file of one within it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-raw-file-'));
    for (let i = 0; i < 50; i++) {
      // No Content-Length: the limit is found while the bytes arrive, in the first chunk.
      const req = new Request('http://kiln.test/upload', { method: 'PUT', body: new Uint8Array(1025) });
      expect(req.headers.get('content-length')).toBeNull();
      await expect(receiveRawFile(req, { maxBytes: 1024, dir, what: 'The file' })).rejects.toMatchObject({ code: 'file_too_large' });
      expect(readdirSync(dir)).toEqual([]);
    }
    const ok = await receiveRawFile(new Request('http://kiln.test/upload', { method: 'PUT', body: new Uint8Array(1024) }), {
      maxBytes: 1024,
      dir,
      what: 'The file',
    });
    expect(ok.size).toBe(1024);
    expect(readdirSync(dir)).toHaveLength(1);
  });
});
