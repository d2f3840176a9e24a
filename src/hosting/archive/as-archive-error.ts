import { ArchiveError } from './types';

/** Library and zlib failures all mean the same thing to the caller: the archive cannot be read. */
export function asArchiveError(err: unknown, context: string): ArchiveError {
  if (err instanceof ArchiveError) return err;
  const detail = err instanceof Error ? err.message : String(err);
  return new ArchiveError('corrupt', `${context}: ${detail}`);
}
