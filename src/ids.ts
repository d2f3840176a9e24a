import { randomInt } from 'node:crypto';

const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomString(length: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const ID_PREFIXES = [
  'acct',
  'key',
  'gen',
  'plg',
  'img',
  'tts',
  'voice',
  'file',
  'chat',
  'conv',
  'dep',
  'dom',
  'user',
  'whep',
  'msg',
  'whd',
  'hook',
  /** A chat completion of the OpenAI-compatible endpoint (its job; OpenAI's id is `chatcmpl-` and this). */
  'cmpl',
  /** A POST /v1/embeddings, as its ledger line's source. */
  'emb',
  /** An account's own plagiarism source. */
  'psrc',
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

/**
 * Opaque ids with a type prefix. Lowercase letters and digits only, because a deployment id also
 * names a preview host and hostnames cannot carry `_` or capitals; 20 characters give ~103 bits.
 */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomString(20, LOWER_ALNUM)}`;
}

export function randomBase62(length: number): string {
  return randomString(length, BASE62);
}
