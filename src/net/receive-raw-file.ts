import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ApiError, invalidParameter } from '../errors/api-error';

export interface ReceivedRawFile {
  /** A temporary file the caller owns and must delete. */
  path: string;
  size: number;
  /** SHA-256 of the bytes (hex), computed as they stream through. */
  sha256: string;
}

const tooLarge = (what: string, maxBytes: number) => new ApiError('file_too_large', `${what} is larger than ${maxBytes} bytes, the limit per file.`);

/**
 * Streams a request's raw body (not multipart: the body is the file) to a temporary file, hashing and
 * counting the bytes that arrive (a Content-Length may lie or be absent). A declared length over the
 * limit is refused before a byte is read.
 */
export async function receiveRawFile(req: Request, opts: { maxBytes: number; dir?: string; what: string }): Promise<ReceivedRawFile> {
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > opts.maxBytes) throw tooLarge(opts.what, opts.maxBytes);
  const dir = opts.dir || join(tmpdir(), 'kiln-uploads');
  await mkdir(dir, { recursive: true });
  const path = join(dir, randomUUID());
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > opts.maxBytes) return done(tooLarge(opts.what, opts.maxBytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const body = req.body ? Readable.fromWeb(req.body as WebReadableStream<Uint8Array>) : Readable.from([]);
  // Opened before the body is read: a write stream opening the file itself may finish opening (creating it)
  // after a body refused at once (over the limit without a Content-Length) was cleaned up, leaving it behind.
  const handle = await open(path, 'w');
  try {
    await pipeline(body, meter, handle.createWriteStream());
  } catch (err) {
    await handle.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    if (err instanceof ApiError) throw err;
    throw invalidParameter(`The body cannot be read: ${(err as Error).message}.`);
  }
  return { path, size, sha256: hash.digest('hex') };
}
