import type { Hono } from 'hono';
import type { Actor } from '../audit/actor';
import type { RateDecision } from '../billing/rate-limiter';
import type { Principal } from '../db/queries/accounts';
import type { Logger } from '../logger';

export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    /** Set by the auth middleware on every /v1 request. */
    principal: Principal;
    /** Set with `principal`: the key as the audit trail records it, with the client's address. */
    actor: Actor;
    /** Set by the rate limit middleware on every admitted /v1 request: what its RateLimit-* headers say. */
    rateLimit?: RateDecision;
    /** Set by the idempotency middleware on a keyed POST whose body streams: the route claims the key itself. */
    idempotencyClaim?: (requestHash: string) => Promise<Response | null>;
    /**
     * Set by the idempotency middleware on a keyed POST whose body is read whole; the route's scope check
     * calls it once the caller is allowed, so a replay never answers a key the route would refuse.
     */
    whenAuthorized?: () => Promise<Response | null>;
  };
}

export type App = Hono<AppEnv>;
