import type { ArchiveBudget } from './budget';
import { quoteEntryName } from './entry-name';
import { isIgnoredPath, normaliseEntryPath } from './entry-path';
import { commonTopFolder, stripTopFolder } from './top-folder';
import { ArchiveError } from './types';

/** What an archive format says an entry is, before any of our rules apply. */
export type EntryType = 'file' | 'directory' | 'symlink' | 'hardlink' | 'special';

export interface ArchiveEntryInfo {
  name: string;
  type: EntryType;
  /** Declared uncompressed size; only used for files. */
  size: number;
  /** Human word for a special entry in messages, e.g. "character device". */
  label?: string;
}

export interface PlannedFile {
  /** Position of the entry in the archive, folders and ignored entries included. */
  index: number;
  name: string;
  /** Site path, after normalisation and stripping the top folder. */
  path: string;
}

export interface SitePlan {
  /** Every entry in archive order, so a second pass can check it reads the same archive. */
  entries: readonly ArchiveEntryInfo[];
  /** Files to serve, in archive order. */
  files: readonly PlannedFile[];
  stripped: string | null;
}

/**
 * Applies the path and type rules to entries as a format reader meets them,
 * and decides what the site will contain. Reading no data, it lets every
 * refusal that does not depend on decompressed bytes happen before the
 * caller sees a single file.
 */
export class SitePlanBuilder {
  private readonly entries: ArchiveEntryInfo[] = [];
  private readonly files: Array<{ index: number; name: string; path: string }> = [];
  private readonly filePaths = new Set<string>();
  private readonly folderPaths = new Set<string>();

  constructor(private readonly budget: ArchiveBudget) {}

  /** Returns true when the entry is a file the site will contain. */
  add(entry: ArchiveEntryInfo): boolean {
    const index = this.entries.length;
    this.budget.countEntry(entry.name);
    this.entries.push(entry);
    refuseNonRegular(entry);
    const path = normaliseEntryPath(entry.name);
    if (entry.type === 'directory') {
      if (path !== '' && !isIgnoredPath(path)) this.addFolder(entry.name, path);
      return false;
    }
    if (path === '') {
      throw new ArchiveError('unsafe_path', `file entry ${quoteEntryName(entry.name)} has no file name`);
    }
    if (isIgnoredPath(path)) return false;
    this.addFile(entry.name, path);
    this.budget.declareFile(entry.name, entry.size);
    this.files.push({ index, name: entry.name, path });
    return true;
  }

  finish(): SitePlan {
    if (this.files.length === 0) {
      throw new ArchiveError('empty', 'archive contains no files');
    }
    const stripped = commonTopFolder(this.files.map((file) => file.path));
    return {
      entries: this.entries,
      files: this.files.map((file) => ({ ...file, path: stripTopFolder(file.path, stripped) })),
      stripped,
    };
  }

  // A name that is both a file and a folder has no single meaning, like a duplicate.
  private addFile(name: string, path: string): void {
    if (this.filePaths.has(path)) {
      throw new ArchiveError('unsafe_path', `duplicate entry ${quoteEntryName(name)}: "${path}" appears more than once`);
    }
    if (this.folderPaths.has(path)) {
      throw conflict(name, path);
    }
    this.addAncestors(name, path);
    this.filePaths.add(path);
  }

  private addFolder(name: string, path: string): void {
    if (this.filePaths.has(path)) throw conflict(name, path);
    this.addAncestors(name, path);
    this.folderPaths.add(path);
  }

  private addAncestors(name: string, path: string): void {
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      const folder = path.slice(0, slash);
      if (this.filePaths.has(folder)) throw conflict(name, folder);
      this.folderPaths.add(folder);
    }
  }
}

function conflict(name: string, path: string): ArchiveError {
  return new ArchiveError('unsafe_path', `entry ${quoteEntryName(name)} makes "${path}" both a file and a folder`);
}

function refuseNonRegular(entry: ArchiveEntryInfo): void {
  const quoted = quoteEntryName(entry.name);
  switch (entry.type) {
    case 'file':
    case 'directory':
      return;
    case 'symlink':
      throw new ArchiveError('link_entry', `entry ${quoted} is a symbolic link; links are not allowed`);
    case 'hardlink':
      throw new ArchiveError('link_entry', `entry ${quoted} is a hard link; links are not allowed`);
    case 'special':
      throw new ArchiveError(
        'special_entry',
        `entry ${quoted} is a ${entry.label ?? 'special entry'}; only regular files and folders are allowed`,
      );
  }
}
