import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/**
 * Cookie names and attributes. Over https the names take the `__Host-` prefix, which browsers only accept
 * with Secure, Path=/ and no Domain: a sibling subdomain cannot plant or overwrite them.
 */
export interface CookieNames {
  session: string;
  csrf: string;
  secure: boolean;
}

export function cookieNames(publicUrl: string): CookieNames {
  const secure = publicUrl.startsWith('https:');
  return secure ? { session: '__Host-kiln_session', csrf: '__Host-kiln_csrf', secure } : { session: 'kiln_session', csrf: 'kiln_csrf', secure };
}

export function readCookie(c: Context, name: string): string | undefined {
  return getCookie(c, name);
}

export function writeCookie(c: Context, names: CookieNames, name: string, value: string, maxAgeSeconds?: number) {
  setCookie(c, name, value, { path: '/', httpOnly: true, sameSite: 'Lax', secure: names.secure, maxAge: maxAgeSeconds });
}

export function clearCookie(c: Context, names: CookieNames, name: string) {
  deleteCookie(c, name, { path: '/', secure: names.secure });
}
