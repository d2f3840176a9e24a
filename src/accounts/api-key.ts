import { createHash } from 'node:crypto';
import { randomBase62 } from '../ids';

export const API_KEY_PREFIX = 'kiln_';
const SECRET_LENGTH = 40;
const KEY_PATTERN = /^kiln_[A-Za-z0-9]{32,128}$/;

export interface NewApiKey {
  key: string;
  hash: string;
  displayPrefix: string;
}

export function generateApiKey(): NewApiKey {
  const key = API_KEY_PREFIX + randomBase62(SECRET_LENGTH);
  return { key, hash: hashApiKey(key), displayPrefix: displayPrefixOf(key) };
}

/** Keys carry ~238 bits of randomness, so a fast unsalted hash is enough: there is nothing to brute-force. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function displayPrefixOf(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 6);
}

/** Cheap shape check so garbage never reaches the database. */
export function looksLikeApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}
