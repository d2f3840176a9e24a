/** If-None-Match evaluation: "*" or any listed tag equal to `etag` under weak comparison. */
export function ifNoneMatchHits(header: string, etag: string): boolean {
  if (header === etag) return true;
  for (const raw of header.split(',')) {
    let tag = raw.trim();
    if (tag === '*') return true;
    if (tag.startsWith('W/')) tag = tag.slice(2);
    if (tag === etag) return true;
  }
  return false;
}

/** If-Modified-Since: true when the resource has not changed since the given HTTP date. */
export function notModifiedSince(header: string, lastModifiedMs: number): boolean {
  const since = Date.parse(header);
  return !Number.isNaN(since) && lastModifiedMs <= since;
}

/**
 * If-Range: a Range applies only when the validator still identifies the current representation.
 * ETags need strong comparison (weak ones never match); a date must equal Last-Modified exactly.
 */
export function ifRangeHolds(header: string, etag: string, lastModifiedMs: number): boolean {
  const value = header.trim();
  if (value.startsWith('"')) return value === etag;
  if (value.startsWith('W/')) return false;
  return Date.parse(value) === lastModifiedMs;
}
