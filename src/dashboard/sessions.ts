import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { deleteSession, findLiveSession, insertSession, touchSession } from '../db/queries/sessions';
import type { DashEnv } from './context';
import { hashToken, looksLikeToken, newToken } from './one-time-token';
import { clearCookie, type CookieNames, readCookie, writeCookie } from './session-cookie';

/** Writing last_seen_at once a minute is precise enough for an idle limit counted in hours. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionSettings {
  idleMs: number;
  maxMs: number;
  cookies: CookieNames;
}

export function sessionSettings(config: Config, cookies: CookieNames): SessionSettings {
  return { idleMs: config.DASHBOARD_SESSION_IDLE_MS, maxMs: config.DASHBOARD_SESSION_MAX_MS, cookies };
}

/** Puts the signed-in session (or null) on the context; a cookie that names no live session is dropped. */
export function loadSession(db: Db, settings: SessionSettings): MiddlewareHandler<DashEnv> {
  return async (c, next) => {
    const token = readCookie(c, settings.cookies.session);
    let session = null;
    if (looksLikeToken(token)) {
      session = await findLiveSession(db, hashToken(token), settings.idleMs);
      if (session && Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(db, session.tokenHash);
    }
    if (token !== undefined && !session) clearCookie(c, settings.cookies, settings.cookies.session);
    c.set('session', session);
    await next();
  };
}

/**
 * Starts a session with a new id (never the one the browser came with, so a planted cookie cannot
 * become a signed-in one) and ends the session the browser had, if any.
 */
export async function startSession(
  c: Context<DashEnv>,
  db: Db,
  settings: SessionSettings,
  input: { userId: string; accountId: string; ip: string | null },
): Promise<void> {
  const previous = readCookie(c, settings.cookies.session);
  if (looksLikeToken(previous)) await deleteSession(db, hashToken(previous));
  const { token, hash } = newToken();
  await insertSession(db, {
    tokenHash: hash,
    userId: input.userId,
    accountId: input.accountId,
    csrfToken: newToken().token,
    expiresAt: new Date(Date.now() + settings.maxMs),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    ip: input.ip,
  });
  writeCookie(c, settings.cookies, settings.cookies.session, token, Math.floor(settings.maxMs / 1000));
}

export async function endSession(c: Context<DashEnv>, db: Db, settings: SessionSettings): Promise<void> {
  const token = readCookie(c, settings.cookies.session);
  if (looksLikeToken(token)) await deleteSession(db, hashToken(token));
  clearCookie(c, settings.cookies, settings.cookies.session);
}
