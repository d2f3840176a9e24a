// Keys end up as file paths (local driver) and as URL paths (CDN), so the
// alphabet is restricted to characters that need no escaping in either place
// and cannot address anything outside the store root.
const KEY_ALPHABET = /^[A-Za-z0-9._\-/]+$/;

// S3's own limit; also keeps local paths well under PATH_MAX.
const MAX_KEY_LENGTH = 1024;

export class InvalidBlobKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid blob key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidBlobKeyError';
  }
}

function keyProblem(key: string): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'empty';
  if (key.length > MAX_KEY_LENGTH) return `longer than ${MAX_KEY_LENGTH} characters`;
  if (key.includes('\0')) return 'contains NUL';
  if (key.includes('\\')) return 'contains a backslash';
  if (!KEY_ALPHABET.test(key)) return 'contains characters outside [A-Za-z0-9._-/]';
  if (key.startsWith('/')) return 'starts with "/"';
  if (key.endsWith('/')) return 'ends with "/"';
  for (const segment of key.split('/')) {
    // Empty segments would let `a//b` and `a/b` name the same local file but
    // different S3 objects; dot segments are how paths escape the root.
    if (segment === '') return 'contains an empty path segment';
    if (segment === '.' || segment === '..') return 'contains a "." or ".." segment';
  }
  return null;
}

export function isValidBlobKey(key: string): boolean {
  return keyProblem(key) === null;
}

export function assertValidBlobKey(key: string): void {
  const problem = keyProblem(key);
  if (problem !== null) throw new InvalidBlobKeyError(String(key), problem);
}

/** A listing's prefix: empty (everything), or the start of a valid key, which may end in `/`. */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  const problem = keyProblem(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  if (problem !== null) throw new InvalidBlobKeyError(String(prefix), problem);
}
