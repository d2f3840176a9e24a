import type { Context, MiddlewareHandler, Next } from 'hono';
import { looksLikeApiKey } from '../../accounts/api-key';
import { apiKeyActor } from '../../audit/actor';
import { clientAddress } from '../../net/client-address';
import type { KeyUseRecorder } from '../../accounts/key-use-recorder';
import type { PrincipalCache } from '../../accounts/principal-cache';
import type { Feature, Principal, Scope } from '../../db/queries/accounts';
import { productOf } from '../../queue/registry';
import type { AppEnv } from '../context';
import { forbidden, unauthorized } from '../../errors/api-error';

/** `Authorization: Bearer kiln_…` → `c.var.principal`, or 401. Notes the key's use (written later, off the request's path). */
export function authenticate(principals: PrincipalCache, keyUses: Pick<KeyUseRecorder, 'record'>, trustProxy = false): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) throw unauthorized('Missing Authorization header; send "Authorization: Bearer <API key>".');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized('Authorization header must be "Bearer <API key>".');
    const key = match[1]!;
    const principal = principals.peek(key) ?? (looksLikeApiKey(key) ? await principals.resolve(key) : null);
    if (!principal) throw unauthorized('API key not recognised (unknown or revoked).');
    if (principal.expiresAt !== null && principal.expiresAt <= Date.now()) {
      throw unauthorized(`API key expired at ${new Date(principal.expiresAt).toISOString()}; create a new key.`);
    }
    keyUses.record(principal.keyId, Date.now());
    c.set('principal', principal);
    c.set('actor', apiKeyActor(principal, clientAddress(c, trustProxy)));
    await next();
  };
}

/**
 * 403 when the account's plan does not include `feature`, or the key's scopes do not. Every /v1 route group
 * (src/api/route-group.ts) takes this or `requireKeyScope`; what waits until the caller is known to be allowed (an
 * `Idempotency-Key`'s claim or replay) happens only after it.
 */
export function requireFeature(feature: Feature): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (!principal.features.includes(feature)) {
      throw forbidden(`The ${principal.planId} plan does not include ${feature}; upgrade the plan to use this endpoint.`);
    }
    requireScope(principal, feature);
    return authorized(c, next);
  };
}

/**
 * 403 when the key is limited to other scopes, for a scope that is no product of a plan (`webhooks`:
 * every plan has it), so only the key's scopes count.
 */
export function requireKeyScope(scope: Exclude<Scope, Feature>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    requireScope(c.get('principal'), scope);
    return authorized(c, next);
  };
}

/** The route allows the caller: a keyed POST may now be answered from its stored answer, or claim its key. */
async function authorized(c: Context<AppEnv>, next: Next): Promise<Response | undefined> {
  const whenAuthorized = c.get('whenAuthorized');
  // Once: a route that adds a guard of its own under its group's must not claim its key twice.
  c.set('whenAuthorized', undefined);
  const replay = await whenAuthorized?.();
  if (replay) return replay;
  await next();
}

/**
 * A job's result is what its own endpoint answers, so reading a job (its result or its event stream)
 * needs the scope of the job's product, whichever key of the account created it. A kind with no product
 * (one this version no longer knows) is left to unscoped keys.
 */
export function requireJobScope(principal: Principal, job: { id: string; kind: string }): void {
  const product = productOf(job.kind);
  if (product) requireScope(principal, product);
  else if (principal.scopes !== null) throw forbidden(`Job ${job.id} belongs to no product this key is scoped to.`);
}

/** 403 naming the missing scope when the key is limited to other scopes (null scopes: every one). */
export function requireScope(principal: Principal, scope: Scope): void {
  if (principal.scopes === null || principal.scopes.includes(scope)) return;
  const limitedTo = principal.scopes.length === 0 ? 'no products' : principal.scopes.join(', ');
  throw forbidden(`This key is limited to ${limitedTo}; this endpoint needs the ${scope} scope.`);
}
