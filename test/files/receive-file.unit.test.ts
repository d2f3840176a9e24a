import { readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/api-error';
import { receiveFile } from '../../src/net/receive-file';
import { filesUnder, uploadForm, uploadTmpDir } from './helpers';

const dir = uploadTmpDir();
const requestOf = (form: FormData) => new Request('http://kiln.test/v1/file/upload', { method: 'POST', body: form });

describe('receiveFile (multipart, streamed to a staging file)', () => {
  it('keeps a file of exactly the limit, byte for byte', async () => {
    const data = Buffer.alloc(1000, 7);
    const got = await receiveFile(requestOf(uploadForm(data, 'exact.bin')), { field: 'file', maxBytes: 1000, dir });
    expect(got).toMatchObject({ filename: 'exact.bin', size: 1000 });
    expect(readFileSync(got.path).equals(data)).toBe(true);
    rmSync(got.path);
  });

  it('refuses one byte more with 413 file_too_large and leaves no staging file', async () => {
    const err = await receiveFile(requestOf(uploadForm(Buffer.alloc(1001, 7), 'over.bin')), { field: 'file', maxBytes: 1000, dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 413, code: 'file_too_large' });
    expect(filesUnder(dir)).toEqual([]);
  });

  it('stops reading a body that keeps going far past the limit', async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\n'));
      },
      pull(controller) {
        sent += 65536;
        controller.enqueue(new Uint8Array(65536));
      },
    });
    const req = new Request('http://kiln.test/v1/file/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    const err = await receiveFile(req, { field: 'file', maxBytes: 1000, dir }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 413, code: 'file_too_large' });
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    expect(filesUnder(dir)).toEqual([]);
  });

  it('decodes a UTF-8 filename and drops directory parts', async () => {
    const got = await receiveFile(requestOf(uploadForm(Buffer.from('x'), '../../etc/Résumé.pdf')), { field: 'file', maxBytes: 1000, dir });
    expect(got.filename).toBe('Résumé.pdf');
    rmSync(got.path);
  });
});
