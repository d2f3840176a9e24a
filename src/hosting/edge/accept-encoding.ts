import type { ContentEncoding } from './blob-cache';

// Clients send a handful of distinct Accept-Encoding strings, so parsing each once pays off.
const MAX_MEMO = 256;
const memo = new Map<string, ContentEncoding | null>();

function qualityOf(params: string[]): number {
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq === -1 || param.slice(0, eq).trim().toLowerCase() !== 'q') continue;
    const q = Number(param.slice(eq + 1).trim());
    return Number.isFinite(q) && q >= 0 ? Math.min(q, 1) : 0;
  }
  return 1;
}

function parse(header: string): ContentEncoding | null {
  let br: number | undefined;
  let gzip: number | undefined;
  let star: number | undefined;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === 'br') br = qualityOf(params);
    else if (name === 'gzip' || name === 'x-gzip') gzip = qualityOf(params);
    else if (name === '*') star = qualityOf(params);
  }
  // An explicit q=0 forbids the coding even when "*" would allow it.
  const brQ = br ?? star ?? 0;
  const gzipQ = gzip ?? star ?? 0;
  if (brQ > 0 && brQ >= gzipQ) return 'br';
  if (gzipQ > 0) return 'gzip';
  return null;
}

/** The content coding to use for a compressible response: br preferred on ties, q=0 honoured. */
export function negotiateEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const known = memo.get(header);
  if (known !== undefined) return known;
  const chosen = parse(header);
  if (memo.size >= MAX_MEMO) memo.clear();
  memo.set(header, chosen);
  return chosen;
}
