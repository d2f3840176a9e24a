import type { Hono } from 'hono';
import type { LiveSession } from '../db/queries/sessions';
import type { Logger } from '../logger';

export interface DashEnv {
  Variables: {
    requestId: string;
    log: Logger;
    /** The signed-in person, or null on the public pages (sign-in, sign-up, links). */
    session: LiveSession | null;
    /** The token this visitor's forms carry: the session's, or before sign-in the pre-session cookie's. */
    csrfToken: string;
    clientIp: string | null;
  };
}

export type Dashboard = Hono<DashEnv>;

/** The signed-in session on a page behind `requireSignIn`. */
export type SignedIn = LiveSession;
