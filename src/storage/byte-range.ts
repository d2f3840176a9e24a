import type { ByteRange } from './blob-store';

export class InvalidByteRangeError extends RangeError {
  constructor(
    readonly range: ByteRange,
    reason: string,
  ) {
    super(`Invalid byte range ${range.start}-${range.end}: ${reason}`);
    this.name = 'InvalidByteRangeError';
  }
}

/**
 * Checked before any I/O, so that both drivers refuse the same ranges: S3
 * would read `bytes=5-2` as no range at all and send the whole object.
 */
export function assertByteRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) {
    throw new InvalidByteRangeError(range, 'start and end must be integers');
  }
  if (start < 0) throw new InvalidByteRangeError(range, 'starts before the first byte');
  if (end < start) throw new InvalidByteRangeError(range, 'ends before it starts');
}

/** The part of `range` that exists in an object of `size` bytes. */
export function clampByteRange(range: ByteRange, size: number): ByteRange {
  assertByteRange(range);
  if (range.start >= size) {
    throw new InvalidByteRangeError(range, `starts past the end of a ${size}-byte object`);
  }
  return { start: range.start, end: Math.min(range.end, size - 1) };
}
