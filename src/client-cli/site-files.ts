import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface SiteFile {
  /** The path in the site, with `/` between names (the key of the deploy's `files`). */
  path: string;
  /** Where it is on this machine. */
  abs: string;
  size: number;
  sha256: string;
}

/**
 * What a deploy leaves out, as Netlify CLI decides (its `getDeployFilesFilter`): any name starting with a dot
 * (`.git`, `.DS_Store`, `.env`) except `.well-known`, and macOS's `__MACOSX` folders; `node_modules` only when
 * the folder is a project root (it holds a package.json), as Netlify skips it only for `--dir .`. `_redirects`
 * and `_headers` are sent: Kiln's build reads them from the site's files.
 */
export function skipped(name: string, projectRoot: boolean): boolean {
  return (name.startsWith('.') && name !== '.well-known') || name.startsWith('__MACOSX') || (projectRoot && name === 'node_modules');
}

/** Small files are read whole (fewer syscalls than a stream); a big one streams, so memory stays flat. */
const READ_WHOLE_BELOW = 8 * 1024 * 1024;
/** Files hashed at once: enough to keep the disk busy, few enough to stay far from the open-files limit. */
const HASH_CONCURRENCY = 32;

export async function sha256File(abs: string, size: number): Promise<string> {
  if (size < READ_WHOLE_BELOW)
    return createHash('sha256')
      .update(await readFile(abs))
      .digest('hex');
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(abs)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface SiteListing {
  files: SiteFile[];
  /** Paths left out (by the rule above), and symbolic links to folders (not followed: they can loop). */
  left: string[];
}

/** Every file under `root` with its SHA-256, sorted by path; `onHashed` counts them for a progress line. */
export async function listSiteFiles(root: string, onHashed: (done: number, total: number) => void = () => {}): Promise<SiteListing> {
  const projectRoot = await stat(join(root, 'package.json')).then(
    (s) => s.isFile(),
    () => false,
  );
  const found: Omit<SiteFile, 'sha256'>[] = [];
  const left: string[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const e of entries) {
      const rel = prefix + e.name;
      const abs = join(dir, e.name);
      if (skipped(e.name, projectRoot)) {
        left.push(rel);
        continue;
      }
      if (e.isDirectory()) {
        await walk(abs, `${rel}/`);
      } else if (e.isFile()) {
        found.push({ path: rel, abs, size: 0 });
      } else if (e.isSymbolicLink()) {
        // A link to a file is deployed as the file it points to (as a copy or an archive of the folder would be).
        const target = await stat(abs).catch(() => null);
        if (target?.isFile()) found.push({ path: rel, abs, size: target.size });
        else left.push(rel);
      }
    }
  };
  await walk(root, '');
  found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const files: SiteFile[] = new Array(found.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < found.length) {
      const i = next++;
      const f = found[i]!;
      const size = f.size || (await stat(f.abs)).size;
      files[i] = { ...f, size, sha256: await sha256File(f.abs, size) };
      onHashed(++done, found.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(HASH_CONCURRENCY, found.length) }, worker));
  return { files, left };
}

/** The deploy's manifest: path → digest. */
export function manifestOf(files: SiteFile[]): Record<string, string> {
  return Object.fromEntries(files.map((f) => [f.path, f.sha256]));
}
