import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cdnUrl, signCdnPath, verifyCdnPath } from '../../src/storage/signed-url';

const SECRET = 'test-secret-0123456789';
const KEY = 'images/2026/11/img_abc/0.png';
const EXPIRES_MS = 1_800_000_000_000;

function parse(pathAndQuery: string) {
  const url = new URL(pathAndQuery, 'http://x');
  return {
    key: url.pathname.slice(1),
    expires: url.searchParams.get('expires') ?? undefined,
    sig: url.searchParams.get('sig') ?? undefined,
  };
}

describe('signCdnPath', () => {
  it('produces /key?expires=<unix seconds>&sig=<base64url HMAC-SHA256>', () => {
    const signed = signCdnPath(KEY, EXPIRES_MS, SECRET);
    const expectedSig = createHmac('sha256', SECRET).update(`${KEY}\n1800000000`).digest('base64url');
    expect(signed).toBe(`/${KEY}?expires=1800000000&sig=${expectedSig}`);
  });

  it('rounds the expiry down so a link never outlives the requested instant', () => {
    expect(parse(signCdnPath(KEY, EXPIRES_MS + 999, SECRET)).expires).toBe('1800000000');
  });

  it('refuses invalid keys and an empty secret', () => {
    expect(() => signCdnPath('../etc/passwd', EXPIRES_MS, SECRET)).toThrow(/Invalid blob key/);
    expect(() => signCdnPath(KEY, EXPIRES_MS, '')).toThrow(/secret/);
    expect(() => signCdnPath(KEY, Number.NaN, SECRET)).toThrow(/expiry/);
  });

  it('gives different signatures for different secrets, keys and expiries', () => {
    const sigs = new Set([
      parse(signCdnPath(KEY, EXPIRES_MS, SECRET)).sig,
      parse(signCdnPath(KEY, EXPIRES_MS, SECRET + 'x')).sig,
      parse(signCdnPath(`${KEY}x`, EXPIRES_MS, SECRET)).sig,
      parse(signCdnPath(KEY, EXPIRES_MS + 1000, SECRET)).sig,
    ]);
    expect(sigs.size).toBe(4);
  });
});

describe('verifyCdnPath', () => {
  const { key, expires, sig } = parse(signCdnPath(KEY, EXPIRES_MS, SECRET));

  it('accepts a genuine link before its expiry', () => {
    expect(verifyCdnPath(key, expires, sig, SECRET, EXPIRES_MS - 1)).toBe('ok');
    expect(verifyCdnPath(key, Number(expires), sig, SECRET, EXPIRES_MS - 1)).toBe('ok');
  });

  it('reports a genuine link as expired from its expiry instant on', () => {
    expect(verifyCdnPath(key, expires, sig, SECRET, EXPIRES_MS)).toBe('expired');
    expect(verifyCdnPath(key, expires, sig, SECRET, EXPIRES_MS + 86_400_000)).toBe('expired');
  });

  it('rejects a changed key, expiry, signature or secret', () => {
    const now = EXPIRES_MS - 1;
    expect(verifyCdnPath('images/other.png', expires, sig, SECRET, now)).toBe('bad_signature');
    expect(verifyCdnPath(key, String(Number(expires) + 1), sig, SECRET, now)).toBe('bad_signature');
    expect(verifyCdnPath(key, expires, sig, 'other-secret', now)).toBe('bad_signature');
    const flipped = sig!.slice(0, 10) + (sig![10] === 'A' ? 'B' : 'A') + sig!.slice(11);
    expect(verifyCdnPath(key, expires, flipped, SECRET, now)).toBe('bad_signature');
  });

  it('rejects a non-canonical spelling of the right signature', () => {
    // The final base64url character has two spare bits; a different final
    // character can decode to the same bytes and must still be refused.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = sig!.at(-1)!;
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    const respelled = sig!.slice(0, -1) + sibling;
    expect(Buffer.from(respelled, 'base64url').equals(Buffer.from(sig!, 'base64url'))).toBe(true);
    expect(verifyCdnPath(key, expires, respelled, SECRET, EXPIRES_MS - 1)).toBe('bad_signature');
  });

  it('treats a tampered link as bad even when its claimed expiry is past', () => {
    expect(verifyCdnPath(key, '1', sig, SECRET, EXPIRES_MS)).toBe('bad_signature');
  });

  it.each([
    ['missing expires', undefined, sig],
    ['missing sig', expires, undefined],
    ['non-numeric expires', 'soon', sig],
    ['negative expires', '-1', sig],
    ['huge expires', '9'.repeat(30), sig],
    ['short sig', expires, sig!.slice(0, 20)],
    ['padded sig', expires, `${sig}=`],
    ['standard base64 sig', expires, sig!.replace(/./, '+')],
  ])('rejects %s', (_label, e, s) => {
    expect(verifyCdnPath(key, e, s, SECRET, EXPIRES_MS - 1)).toBe('bad_signature');
  });
});

describe('cdnUrl', () => {
  it.each(['https://cdn.example.com', 'https://cdn.example.com/', 'https://cdn.example.com//'])('joins %s and the signed path with a single slash', (base) => {
    const url = cdnUrl(base, KEY, EXPIRES_MS, SECRET);
    expect(url).toBe(`https://cdn.example.com${signCdnPath(KEY, EXPIRES_MS, SECRET)}`);
  });

  it("keeps a path prefix such as the API's own /cdn", () => {
    const url = cdnUrl('http://localhost:3000/cdn/', KEY, EXPIRES_MS, SECRET);
    expect(url.startsWith(`http://localhost:3000/cdn/${KEY}?expires=`)).toBe(true);
  });
});
