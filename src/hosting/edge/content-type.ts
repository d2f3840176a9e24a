import { lookup } from 'mime-types';

const DEFAULT_TYPE = 'application/octet-stream';

// Types that are text but do not live under text/*; browsers guess the charset otherwise.
const TEXT_APPLICATION_TYPES = new Set([
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'application/json',
  'application/xml',
  'application/xhtml+xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/manifest+json',
  'application/ld+json',
  'application/geo+json',
  'application/x-sh',
  'image/svg+xml',
]);

// Binary, but typically shrinks by more than half; images, fonts, media and archives are left alone.
const COMPRESSIBLE_BINARY_TYPES = new Set(['application/wasm']);

function essence(contentType: string): string {
  const semi = contentType.indexOf(';');
  return (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
}

function isTextEssence(type: string): boolean {
  return (
    type.startsWith('text/') ||
    TEXT_APPLICATION_TYPES.has(type) ||
    // Structured-syntax suffixes (RFC 6839): vnd.api+json, soap+xml, ...
    (type.startsWith('application/') && (type.endsWith('+json') || type.endsWith('+xml')))
  );
}

/** Content-Type header value for a site file, as the build worker writes it into manifests. */
export function contentTypeFor(path: string): string {
  const type = lookup(path);
  if (!type) return DEFAULT_TYPE;
  return isTextEssence(type) ? `${type}; charset=utf-8` : type;
}

/** Whether on-the-fly compression is worth it: text-ish yes; images (except SVG), fonts, archives, media no. */
export function isCompressible(contentType: string): boolean {
  const type = essence(contentType);
  return isTextEssence(type) || COMPRESSIBLE_BINARY_TYPES.has(type);
}
