import { quoteEntryName } from './entry-name';
import { ArchiveError } from './types';

function unsafe(name: string, why: string): ArchiveError {
  return new ArchiveError('unsafe_path', `entry ${quoteEntryName(name)} ${why}`);
}

/**
 * Turns an entry name into a relative POSIX path, or refuses it.
 *
 * `.` and empty segments are dropped rather than refused because ordinary
 * tools produce them (`tar -C site -czf x.tgz .` names entries "./index.html").
 * A name that reduces to "" (such as "./") is returned as "" so the caller can
 * treat it as the archive root; only the caller knows if that is a folder.
 */
export function normaliseEntryPath(name: string): string {
  if (name.length === 0) throw unsafe(name, 'has an empty name');
  if (name.includes('\0')) throw unsafe(name, 'contains a NUL byte');
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/')) throw unsafe(name, 'is an absolute path');
  // Drive-relative names ("c:x") are as dangerous on Windows as "c:\x".
  if (/^[A-Za-z]:/.test(slashed)) throw unsafe(name, 'starts with a drive letter');
  const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw unsafe(name, 'contains a ".." segment');
  return segments.join('/');
}

/** macOS metadata that archivers add on their own; never part of the site. */
export function isIgnoredPath(path: string): boolean {
  const segments = path.split('/');
  return segments.includes('__MACOSX') || segments[segments.length - 1] === '.DS_Store';
}
