import type { IncomingMessage } from 'node:http';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FetchRefusedError } from './fetch-refused-error';
import { connectionError } from './send-request';

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

export function tooLarge(label: string, maxBytes: number): FetchRefusedError {
  return new FetchRefusedError('too_large', `source at ${label} is too large (over the ${formatBytes(maxBytes)} limit)`);
}

/** Refuses before any body byte is read when the server admits the body is too big. */
export function checkDeclaredLength(res: IncomingMessage, label: string, maxBytes: number): void {
  const declared = res.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge(label, maxBytes);
}

/**
 * Streams the body into `sink` and returns the byte count. The cap is applied
 * to bytes actually received, since Content-Length may be absent (chunked) or
 * a lie.
 */
export async function receiveBody(
  res: IncomingMessage,
  sink: Writable,
  settings: { label: string; maxBytes: number; signal: AbortSignal; onBytes?: (n: number) => void },
): Promise<number> {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      settings.onBytes?.(chunk.length);
      if (received > settings.maxBytes) callback(tooLarge(settings.label, settings.maxBytes));
      else callback(null, chunk);
    },
  });
  let sinkError: unknown;
  sink.once('error', (err) => {
    sinkError = err;
  });
  try {
    await pipeline(res, counter, sink, { signal: settings.signal });
  } catch (err) {
    if (err instanceof FetchRefusedError || settings.signal.aborted) throw err;
    // A local write failure is ours, not the source's: let it surface unchanged for the operator.
    if (sinkError !== undefined) throw sinkError;
    throw connectionError(settings.label, err);
  }
  return received;
}
