import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { ApiError, invalidParameter } from '../errors/api-error';
import { sanitizeFilename } from './upload-filename';

export interface ReceivedFile {
  /** A temporary file the caller owns and must delete. */
  path: string;
  filename: string;
  size: number;
  /** SHA-256 of the file's bytes (hex), computed as they stream through. */
  sha256: string;
  /** The other (text) parts, in whatever order they came: before or after the file. */
  fields: Record<string, string>;
}

export interface ReceiveOptions {
  field: string;
  maxBytes: number;
  /** Where the file is staged; defaults to `kiln-uploads` in the OS temp dir. */
  dir?: string;
  /** What the file is, for the messages ("the document", "the archive"). */
  what?: string;
}

/** File parts read at most: the one wanted, and a few others (drained) so that a second 'file' is seen. */
const MAX_FILE_PARTS = 5;

/** Past this many request bytes an oversize upload stops being drained and the connection is dropped. */
const DRAIN_SLACK_BYTES = 8 * 1024 * 1024;

const MiB = 1024 * 1024;
const tooLarge = (maxBytes: number) =>
  new ApiError(
    'file_too_large',
    maxBytes % MiB === 0
      ? `The file is larger than ${maxBytes / MiB} MB (${maxBytes} bytes), the upload limit.`
      : `The file is larger than ${maxBytes} bytes, the upload limit.`,
  );

/**
 * Streams the multipart part named `field` to a temporary file, counting the bytes that actually arrive
 * (a Content-Length may lie). Nothing is held in memory beyond busboy's buffers. An oversize file is
 * read to its end (discarded) so the client receives the 413 instead of a reset connection, unless it
 * keeps sending far past the limit.
 */
export async function receiveFile(req: Request, opts: ReceiveOptions): Promise<ReceivedFile> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw invalidParameter(
      `Send ${opts.what ?? 'the document'} as multipart/form-data with the file in a part named '${opts.field}' (got ${contentType ? `'${contentType.split(';')[0]}'` : 'no content type'}).`,
    );
  }
  if (!req.body) throw missingFile(opts.field, opts.what);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: opts.maxBytes + 1, files: MAX_FILE_PARTS, parts: 20, fields: 10, fieldSize: 64 * 1024 },
      defParamCharset: 'utf8',
    });
  } catch (err) {
    throw invalidParameter(`The multipart body cannot be read: ${(err as Error).message}.`);
  }

  const dir = opts.dir || join(tmpdir(), 'kiln-uploads');
  await mkdir(dir, { recursive: true });
  const path = join(dir, randomUUID());
  let received: { filename: string; size: number; truncated: boolean; hash: ReturnType<typeof createHash> } | undefined;
  let sentAsText = false;
  let writing: Promise<void> | undefined;
  let fileStream: Readable | undefined;

  // busboy reads a part without a filename as a form field (`curl -F file=<path` sends one).
  const fields: Record<string, string> = {};
  let fieldProblem: string | undefined;
  let fieldProblemParam: string | undefined;
  // A second part named like the file (a file or text) is refused, not ignored: the client meant to send
  // both, and keeping one of them at random would deploy or index something it did not choose.
  let partsNamedField = 0;
  let tooManyFiles = false;
  parser.on('filesLimit', () => (tooManyFiles = true));
  parser.on('field', (name, value, info) => {
    if (name === opts.field) {
      sentAsText = true;
      partsNamedField++;
    } else if (info.valueTruncated || Object.hasOwn(fields, name)) {
      fieldProblemParam ??= name;
      fieldProblem ??= info.valueTruncated ? `'${name}' is longer than 64 KB.` : `'${name}' was sent more than once.`;
    } else fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    if (name === opts.field) partsNamedField++;
    if (name !== opts.field || writing) {
      stream.resume();
      return;
    }
    const state = { filename: sanitizeFilename(info.filename), size: 0, truncated: false, hash: createHash('sha256') };
    received = state;
    fileStream = stream;
    stream.on('data', (chunk: Buffer) => {
      state.size += chunk.length;
      state.hash.update(chunk);
    });
    // One byte over is enough to know: busboy stops keeping the file there and discards the rest.
    stream.on('limit', () => (state.truncated = true));
    writing = pipeline(stream, createWriteStream(path));
  });

  const body = Readable.fromWeb(req.body as WebReadableStream<Uint8Array>);
  let requestBytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      requestBytes += chunk.length;
      if (requestBytes > opts.maxBytes + DRAIN_SLACK_BYTES) return done(tooLarge(opts.maxBytes));
      done(null, chunk);
    },
  });

  try {
    await pipeline(body, meter, parser);
    await writing;
  } catch (err) {
    // A parser torn down mid-file does not always end its file stream: end the write ourselves.
    fileStream?.destroy();
    await writing?.catch(() => undefined);
    await unlink(path).catch(() => undefined);
    if (err instanceof ApiError) throw err;
    throw invalidParameter(`The multipart body cannot be read: ${(err as Error).message}.`);
  }
  if (partsNamedField > 1 || tooManyFiles) {
    await unlink(path).catch(() => undefined);
    throw invalidParameter(
      partsNamedField > 1
        ? `'${opts.field}' was sent more than once; send one file per request.`
        : `The body has more than ${MAX_FILE_PARTS} file parts; send only '${opts.field}'.`,
      opts.field,
    );
  }
  if (!received && sentAsText) {
    throw invalidParameter(
      `'${opts.field}' arrived as a text field; send it as a file part with a filename (curl: -F ${opts.field}=@path/to/file).`,
      opts.field,
    );
  }
  if (!received) throw missingFile(opts.field, opts.what);
  if (fieldProblem) {
    await unlink(path).catch(() => undefined);
    throw invalidParameter(fieldProblem, fieldProblemParam);
  }
  if (received.truncated || received.size > opts.maxBytes) {
    await unlink(path).catch(() => undefined);
    throw tooLarge(opts.maxBytes);
  }
  return { path, filename: received.filename, size: received.size, sha256: received.hash.digest('hex'), fields };
}

const missingFile = (field: string, what = 'the document') =>
  new ApiError('missing_required_field', `'${field}' is required: send ${what} as a multipart/form-data part named '${field}'.`, {}, field);
