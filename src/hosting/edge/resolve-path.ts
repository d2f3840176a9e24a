import type { LiveSite, SiteFileEntry } from './types';

export interface ResolvedFile {
  path: string;
  entry: SiteFileEntry;
}

export type ResolvedPath =
  | ({ kind: 'file' } & ResolvedFile)
  /**
   * The canonical URL of a file is elsewhere (clean URLs, trailing slashes); `file` is what `location`
   * serves, for when a `_redirects` rule claims the location and redirecting there would loop.
   */
  | { kind: 'redirect'; location: string; file: ResolvedFile }
  | { kind: 'not_found'; fallback?: ResolvedFile };

const NOT_FOUND_PAGE = '404.html';

/**
 * The longest file path of each manifest. Hashing a string for a Map lookup costs time in its length
 * (about 40 µs for 8 KB), so a path longer than every file is known missing without three such lookups.
 */
const longestPaths = new WeakMap<ReadonlyMap<string, unknown>, number>();

function longestPath(files: ReadonlyMap<string, unknown>): number {
  let longest = longestPaths.get(files);
  if (longest === undefined) {
    longest = 0;
    for (const key of files.keys()) if (key.length > longest) longest = key.length;
    longestPaths.set(files, longest);
  }
  return longest;
}

function notFound(site: LiveSite): ResolvedPath {
  const entry = site.files.get(NOT_FOUND_PAGE);
  return entry ? { kind: 'not_found', fallback: { path: NOT_FOUND_PAGE, entry } } : { kind: 'not_found' };
}

/**
 * Splits a decoded path into segments, dropping empty and "." ones. Returns null for anything that
 * could name something outside the site root: manifests are a plain map so nothing can actually
 * escape, but answering such requests at all invites probing and confuses caches.
 */
function canonicalSegments(decoded: string): string[] | null {
  if (decoded.includes('\0')) return null;
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return null;
    segments.push(segment);
  }
  return segments;
}

// Fast path for the overwhelmingly common case: nothing to decode, collapse or reject.
function isPlainPath(urlPath: string): boolean {
  return urlPath.charCodeAt(0) === 47 /* / */ && !urlPath.includes('%') && !urlPath.includes('//') && !urlPath.includes('/.') && !urlPath.includes('\0');
}

/** Built from canonical segments, never from the raw input, so "//evil.example" style locations cannot come out. */
const locationOf = (segments: readonly string[], trailingSlash: boolean) =>
  segments.length === 0 ? '/' : `/${segments.map(encodeURIComponent).join('/')}${trailingSlash ? '/' : ''}`;

/**
 * Maps a request path (without query string) onto a file of the site, with clean URLs like Netlify's
 * and Cloudflare Pages': "/about" serves about.html and "/about.html" redirects there; "/docs/" serves
 * docs/index.html, "/docs" and "/docs/index.html" redirect there. Every redirect lands on a path that
 * serves its file directly (at most one hop): a file whose clean URL is taken by another (about.html
 * next to about/index.html) is served at its own name.
 */
export function resolveSitePath(site: LiveSite, urlPath: string): ResolvedPath {
  let relative: string;
  let trailingSlash: boolean;
  let segments: string[] | null = null;

  if (isPlainPath(urlPath)) {
    trailingSlash = urlPath.endsWith('/');
    relative = trailingSlash ? urlPath.slice(1, -1) : urlPath.slice(1);
  } else {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return notFound(site);
    }
    segments = canonicalSegments(decoded);
    if (segments === null) return notFound(site);
    trailingSlash = decoded === '' || decoded.endsWith('/');
    relative = segments.join('/');
  }

  const { files } = site;
  if (relative.length > longestPath(files)) return notFound(site);
  if (trailingSlash || relative === '') {
    const indexPath = relative === '' ? 'index.html' : `${relative}/index.html`;
    const index = files.get(indexPath);
    if (index) return { kind: 'file', path: indexPath, entry: index };
    // "/about/" with only about.html: its clean URL is "/about" (a file named "about" would own that).
    const page = relative === '' || files.has(relative) ? undefined : files.get(`${relative}.html`);
    if (page) return { kind: 'redirect', location: locationOf(segments ?? relative.split('/'), false), file: { path: `${relative}.html`, entry: page } };
    return notFound(site);
  }

  const exact = files.get(relative);
  if (exact) {
    // Checked with endsWith first: the common request (an asset) allocates nothing more here.
    const isIndex = relative === 'index.html' || relative.endsWith('/index.html');
    if (!isIndex && !relative.endsWith('.html')) return { kind: 'file', path: relative, entry: exact };
    const file = { path: relative, entry: exact };
    const parts = segments ?? relative.split('/');
    const last = parts[parts.length - 1]!;
    // "/index.html" → "/", "/docs/index.html" → "/docs/": the folder URL always serves this very file.
    if (isIndex) return { kind: 'redirect', location: locationOf(parts.slice(0, -1), true), file };
    if (last !== '.html') {
      const base = relative.slice(0, -'.html'.length);
      // "/about" must serve about.html itself, or the redirect would lead elsewhere (or on, to "/about/").
      if (!files.has(base) && !files.has(`${base}/index.html`)) {
        return { kind: 'redirect', location: locationOf([...parts.slice(0, -1), last.slice(0, -'.html'.length)], false), file };
      }
    }
    return { kind: 'file', ...file };
  }

  const folderIndex = files.get(`${relative}/index.html`);
  if (folderIndex) {
    return { kind: 'redirect', location: locationOf(segments ?? relative.split('/'), true), file: { path: `${relative}/index.html`, entry: folderIndex } };
  }

  const pretty = files.get(`${relative}.html`);
  if (pretty) return { kind: 'file', path: `${relative}.html`, entry: pretty };

  return notFound(site);
}
