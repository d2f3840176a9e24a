import { describe, expect, it } from 'vitest';
import { ImageProviderError } from '../../src/engines/image';
import { TextProviderError } from '../../src/engines/text';
import { SpeechProviderError } from '../../src/engines/voice';
import { PermanentJobError, refusedByProvider } from '../../src/workers/errors';

describe('refusedByProvider', () => {
  it('ends the job with 502 upstream_error when any engine’s provider refuses the request', () => {
    for (const [err, name] of [
      [new ImageProviderError('bad key', { status: 401, permanent: true }), 'image'],
      [new TextProviderError('unknown model', { status: 404, permanent: true }), 'text'],
      [new SpeechProviderError('rejected', { status: 400, permanent: true }), 'speech'],
    ] as const) {
      expect(err.name).toBe(err.constructor.name);
      const out = refusedByProvider(err, name);
      expect(out).toBeInstanceOf(PermanentJobError);
      expect((out as PermanentJobError).error).toEqual({
        status: 502,
        code: 'upstream_error',
        message: `The ${name} provider refused the request: ${err.message}`,
      });
    }
  });

  it('leaves transient provider failures and other errors to the queue’s retries', () => {
    const transient = new TextProviderError('overloaded', { status: 503 });
    expect(refusedByProvider(transient, 'text')).toBe(transient);
    const other = Object.assign(new Error('disk full'), { permanent: true });
    expect(refusedByProvider(other, 'image')).toBe(other);
  });
});
