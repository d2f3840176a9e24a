import type { ReadEntry } from 'tar';
import type { EntryType } from './site-plan';

export interface ClassifiedEntry {
  type: EntryType;
  label?: string;
}

type EntryTypeName = ReadEntry['type'];

const S_IFMT = 0o170000;
const UNIX_TYPES: ReadonlyMap<number, ClassifiedEntry> = new Map([
  [0o100000, { type: 'file' }],
  [0o040000, { type: 'directory' }],
  [0o120000, { type: 'symlink' }],
  [0o020000, { type: 'special', label: 'character device' }],
  [0o060000, { type: 'special', label: 'block device' }],
  [0o010000, { type: 'special', label: 'FIFO' }],
  [0o140000, { type: 'special', label: 'socket' }],
]);
const MSDOS_DIRECTORY = 0x10;

/**
 * Zip has no entry type field: Unix archivers put st_mode in the high 16 bits
 * of the external attributes, which is the only place a symlink shows up.
 * Zips made elsewhere leave those bits zero, and then the name decides.
 */
export function zipEntryType(externalFileAttributes: number, name: string): ClassifiedEntry {
  const format = (externalFileAttributes >>> 16) & S_IFMT;
  if (format !== 0) {
    const known = UNIX_TYPES.get(format);
    if (known === undefined) return { type: 'special', label: `entry of unknown type 0o${format.toString(8)}` };
    if (known.type !== 'file') return known;
  }
  const looksLikeFolder = /[\\/]$/.test(name) || (format === 0 && (externalFileAttributes & MSDOS_DIRECTORY) !== 0);
  return { type: looksLikeFolder ? 'directory' : 'file' };
}

const TAR_TYPES: Partial<Record<EntryTypeName, ClassifiedEntry>> = {
  File: { type: 'file' },
  OldFile: { type: 'file' },
  ContiguousFile: { type: 'file' },
  Directory: { type: 'directory' },
  SymbolicLink: { type: 'symlink' },
  Link: { type: 'hardlink' },
  CharacterDevice: { type: 'special', label: 'character device' },
  BlockDevice: { type: 'special', label: 'block device' },
  FIFO: { type: 'special', label: 'FIFO' },
};

export function tarEntryType(type: EntryTypeName): ClassifiedEntry {
  return TAR_TYPES[type] ?? { type: 'special', label: `tar entry of type ${type}` };
}
