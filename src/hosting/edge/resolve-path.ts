import type { LiveSite, SiteFileEntry } from './types';

export type ResolvedPath =
  | { kind: 'file'; path: string; entry: SiteFileEntry }
  | { kind: 'redirect'; location: string }
  | { kind: 'not_found'; fallback?: { path: string; entry: SiteFileEntry } };

const NOT_FOUND_PAGE = '404.html';

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

/**
 * Maps a request path (without query string) onto a file of the site: directory indexes,
 * "/dir" → "/dir/" redirects and extensionless pretty URLs ("/about" → about.html), like Netlify.
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
  if (trailingSlash || relative === '') {
    const indexPath = relative === '' ? 'index.html' : `${relative}/index.html`;
    const index = files.get(indexPath);
    return index ? { kind: 'file', path: indexPath, entry: index } : notFound(site);
  }

  const exact = files.get(relative);
  if (exact) return { kind: 'file', path: relative, entry: exact };

  if (files.has(`${relative}/index.html`)) {
    // Built from canonical segments, never from the raw input, so "//evil.example" style
    // protocol-relative locations cannot come out of here.
    const parts = segments ?? relative.split('/');
    return { kind: 'redirect', location: `/${parts.map(encodeURIComponent).join('/')}/` };
  }

  const pretty = files.get(`${relative}.html`);
  if (pretty) return { kind: 'file', path: `${relative}.html`, entry: pretty };

  return notFound(site);
}
