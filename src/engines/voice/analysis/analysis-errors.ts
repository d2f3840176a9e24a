/**
 * Both errors carry messages meant for the person who uploaded the sample, so callers can show
 * `error.message` as is. Neither is worth retrying: the same bytes fail the same way.
 */

/** The bytes are not audio this module can read (wrong type, corrupt or truncated). */
export class AudioDecodeError extends Error {
  constructor(message: string, opts: { cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AudioDecodeError';
  }
}

export type SampleRejectionReason = 'too-short' | 'no-speech';

/** The audio decoded, but it cannot describe a speaker: too short, silent, or not speech. */
export class SampleRejectedError extends Error {
  readonly reason: SampleRejectionReason;

  constructor(reason: SampleRejectionReason, message: string) {
    super(message);
    this.name = 'SampleRejectedError';
    this.reason = reason;
  }
}
