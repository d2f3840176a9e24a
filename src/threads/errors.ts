import { DocumentTooComplexError, InvalidDocumentError } from '../engines/documents/types';
import { ImageProviderError } from '../engines/image/image-provider-error';
import { ProviderError } from '../engines/provider-error';
import { AudioDecodeError, SampleRejectedError, type SampleRejectionReason } from '../engines/voice/analysis/analysis-errors';
import { SpeechProviderError } from '../engines/voice/speech-provider-error';
import type { SerializedError } from './messages';

/**
 * Structured cloning keeps an Error's message but not its class or its own fields, so an engine's
 * error is sent by name and rebuilt here as the same class: a worker's `instanceof` checks (a
 * permanent ProviderError, an unreadable document) then decide the job's fate exactly as they do when
 * the engine runs on the main thread. An error of any other class arrives as a plain Error (retryable).
 */
const REVIVERS: Record<string, (e: SerializedError) => Error> = {
  RangeError: (e) => new RangeError(e.message),
  TypeError: (e) => new TypeError(e.message),
  ProviderError: (e) => new ProviderError(e.message, { status: e.status, permanent: e.permanent }),
  SpeechProviderError: (e) => new SpeechProviderError(e.message, { status: e.status, permanent: e.permanent }),
  ImageProviderError: (e) => new ImageProviderError(e.message, { status: e.status, permanent: e.permanent }),
  InvalidDocumentError: (e) => new InvalidDocumentError(e.message),
  DocumentTooComplexError: (e) => new DocumentTooComplexError(e.message),
  AudioDecodeError: (e) => new AudioDecodeError(e.message),
  SampleRejectedError: (e) => new SampleRejectedError((e.reason ?? 'no-speech') as SampleRejectionReason, e.message),
};

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const fields = err as Error & { permanent?: unknown; status?: unknown; code?: unknown; reason?: unknown };
  return {
    name: err.name,
    message: err.message,
    stack: err.stack,
    ...(typeof fields.permanent === 'boolean' ? { permanent: fields.permanent } : {}),
    ...(typeof fields.status === 'number' ? { status: fields.status } : {}),
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(typeof fields.reason === 'string' ? { reason: fields.reason } : {}),
  };
}

export function reviveError(e: SerializedError): Error {
  const revive = REVIVERS[e.name];
  const err = revive ? revive(e) : Object.assign(new Error(e.message), e.name === 'Error' ? {} : { name: e.name });
  // The thread's stack says where it failed; the main thread's would only say where the message arrived.
  if (e.stack) err.stack = e.stack;
  return err;
}
