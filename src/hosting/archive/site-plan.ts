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
  /**
   * The site's tree, one node per file or folder. Placing a path walks its
   * segments once, so the plan costs time linear in the length of the names
   * (keying every ancestor by its full path made a path of n segments cost
   * n² bytes of copying and hashing).
   */
  private readonly root: FolderNode = { kind: 'folder', children: new Map() };
  private visits = 0;

  constructor(private readonly budget: ArchiveBudget) {}

  /** Tree nodes looked up so far (one per path segment of each kept entry): the plan's unit of work. */
  get nodeVisits(): number {
    return this.visits;
  }

  /** Returns true when the entry is a file the site will contain. */
  add(entry: ArchiveEntryInfo): boolean {
    const index = this.entries.length;
    this.budget.countEntry(entry.name);
    this.entries.push(entry);
    refuseNonRegular(entry);
    const path = normaliseEntryPath(entry.name);
    this.budget.checkPath(entry.name, path);
    if (entry.type === 'directory') {
      if (path !== '' && !isIgnoredPath(path)) this.place(entry.name, path, 'folder');
      return false;
    }
    if (path === '') {
      throw new ArchiveError('unsafe_path', `file entry ${quoteEntryName(entry.name)} has no file name`);
    }
    if (isIgnoredPath(path)) return false;
    this.place(entry.name, path, 'file');
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

  /**
   * Adds a path and its folders to the tree. A name that is both a file and
   * a folder has no single meaning, like a duplicate file; a folder listed
   * twice (or after a file inside it) is harmless.
   */
  private place(name: string, path: string, kind: TreeNode['kind']): void {
    let folder = this.root;
    let start = 0;
    for (;;) {
      const slash = path.indexOf('/', start);
      const last = slash === -1;
      const end = last ? path.length : slash;
      const segment = path.slice(start, end);
      this.visits += 1;
      const node = folder.children.get(segment);
      if (last) {
        if (node === undefined) this.create(folder, segment, kind, name);
        else if (kind === 'file' && node.kind === 'file') {
          throw new ArchiveError('unsafe_path', `duplicate entry ${quoteEntryName(name)}: "${path}" appears more than once`);
        } else if (kind !== node.kind) throw conflict(name, path);
        return;
      }
      if (node?.kind === 'file') throw conflict(name, path.slice(0, end));
      folder = node ?? (this.create(folder, segment, 'folder', name) as FolderNode);
      start = slash + 1;
    }
  }

  private create(parent: FolderNode, segment: string, kind: TreeNode['kind'], name: string): TreeNode {
    let node: TreeNode;
    if (kind === 'folder') {
      this.budget.countFolder(name);
      node = { kind, children: new Map() };
    } else {
      node = FILE_NODE;
    }
    parent.children.set(segment, node);
    return node;
  }
}

interface FolderNode {
  kind: 'folder';
  children: Map<string, TreeNode>;
}

type TreeNode = FolderNode | { kind: 'file' };

/** Files have no state of their own: every file shares one node. */
const FILE_NODE: TreeNode = Object.freeze({ kind: 'file' });

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
      throw new ArchiveError('special_entry', `entry ${quoted} is a ${entry.label ?? 'special entry'}; only regular files and folders are allowed`);
  }
}
