import type { MiddlewareHandler } from 'hono';
import { looksLikeApiKey } from '../../accounts/api-key';
import type { KeyUseRecorder } from '../../accounts/key-use-recorder';
import type { PrincipalCache } from '../../accounts/principal-cache';
import type { Feature, Principal } from '../../db/queries/accounts';
import { productOf } from '../../queue/registry';
import type { AppEnv } from '../context';
import { forbidden, unauthorized } from '../errors';

/** `Authorization: Bearer kiln_…` → `c.var.principal`, or 401. Notes the key's use (written later, off the request's path). */
export function authenticate(principals: PrincipalCache, keyUses: Pick<KeyUseRecorder, 'record'>): MiddlewareHandler<AppEnv> {
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
    await next();
  };
}

/** 403 when the account's plan does not include `feature`, or the key's scopes do not. */
export function requireFeature(feature: Feature): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (!principal.features.includes(feature)) {
      throw forbidden(`The ${principal.planId} plan does not include ${feature}; upgrade the plan to use this endpoint.`);
    }
    requireScope(principal, feature);
    await next();
  };
}

/** 403 naming the missing scope when the key is limited to other products (null scopes: every product). */
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

export function requireScope(principal: Principal, feature: Feature): void {
  if (principal.scopes === null || principal.scopes.includes(feature)) return;
  const limitedTo = principal.scopes.length === 0 ? 'no products' : principal.scopes.join(', ');
  throw forbidden(`This key is limited to ${limitedTo}; this endpoint needs the ${feature} scope.`);
}
