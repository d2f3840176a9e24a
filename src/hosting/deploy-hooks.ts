import { createHash, timingSafeEqual } from 'node:crypto';
import { type Actor, deployHookActor } from '../audit/actor';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { findAccountPlan } from '../db/queries/accounts';
import { recordAudit } from '../db/queries/audit';
import {
  countSiteDeployHooks,
  type DeployHookRow,
  deleteDeployHook,
  findDeployHook,
  insertDeployHook,
  isAccountSite,
  markDeployHookTriggered,
} from '../db/queries/deploy-hooks';
import type { DeploymentRow } from '../db/queries/deployments';
import type { DeploymentEnvironment } from '../db/schema';
import { newId, randomBase62 } from '../ids';
import type { Runtime } from '../runtime';
import { requestDeployment } from './deployment-actions';

/** Calls a hook may make per minute; more is a loop or abuse (a CMS saves a page, not a hundred). */
export const HOOK_CALLS_PER_MINUTE = 10;
/** Enough for a site's environments and integrations; past it, one is likely forgotten. */
export const MAX_HOOKS_PER_SITE = 50;

const SECRET_LENGTH = 40;
const SECRET_PATTERN = /^[A-Za-z0-9]{40}$/;
export const HOOK_ID_PATTERN = /^hook_[a-z0-9]{1,64}$/;

/** ~238 random bits, so a fast unsalted hash is enough (as for API keys). */
export const hashHookSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Constant-time against the stored hash; garbage never costs a comparison. */
export function hookSecretMatches(secretHash: string, secret: string): boolean {
  if (!SECRET_PATTERN.test(secret)) return false;
  const a = Buffer.from(hashHookSecret(secret), 'hex');
  const b = Buffer.from(secretHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const hookUrl = (publicUrl: string, hookId: string, secret: string) => `${publicUrl}/v1/hosting/hooks/${hookId}/${secret}`;

export type CreateHookOutcome = { kind: 'not_found' } | { kind: 'too_many' } | { kind: 'created'; hook: DeployHookRow; url: string };

/**
 * A new hook of the account's site (which must exist); its URL (with the secret) exists only in this answer.
 * The hook and its audit event (naming `actor`) commit together.
 */
export async function createDeployHook(
  db: DbOrTx,
  config: Pick<Config, 'PUBLIC_URL'>,
  input: { accountId: string; siteId: string; name: string | null; environment: DeploymentEnvironment; actor: Actor },
): Promise<CreateHookOutcome> {
  const { actor, ...fields } = input;
  if (!(await isAccountSite(db, input.accountId, input.siteId))) return { kind: 'not_found' };
  if ((await countSiteDeployHooks(db, input.siteId)) >= MAX_HOOKS_PER_SITE) return { kind: 'too_many' };
  const secret = randomBase62(SECRET_LENGTH);
  const hook = await db.transaction(async (tx) => {
    const row = await insertDeployHook(tx, { id: newId('hook'), ...fields, secretHash: hashHookSecret(secret) });
    await recordAudit(tx, {
      accountId: row.accountId,
      actor,
      action: 'deploy_hook.created',
      target: row.id,
      detail: { site: row.siteId, name: row.name, environment: row.environment },
    });
    return row;
  });
  return { kind: 'created', hook, url: hookUrl(config.PUBLIC_URL, hook.id, secret) };
}

/** Deletes the account's hook of that site (its URL answers 404 at once), with its audit event; null when there is none. */
export async function removeDeployHook(db: DbOrTx, input: { accountId: string; siteId: string; hookId: string; actor: Actor }): Promise<DeployHookRow | null> {
  return db.transaction(async (tx) => {
    const row = await deleteDeployHook(tx, input.accountId, input.siteId, input.hookId);
    if (row)
      await recordAudit(tx, {
        accountId: row.accountId,
        actor: input.actor,
        action: 'deploy_hook.deleted',
        target: row.id,
        detail: { site: row.siteId, name: row.name },
      });
    return row;
  });
}

export type TriggerOutcome =
  | { kind: 'not_found' }
  | { kind: 'no_hosting' }
  | { kind: 'rate_limited'; retryAfterSeconds: number; limit: number }
  | { kind: 'deploying'; deployment: DeploymentRow };

/**
 * A call of a hook's URL: with the right secret, a redeploy of the site's latest content (the same
 * request a redeploy without `source_url` makes, so the same build and deployment.* events follow).
 * An unknown hook and a wrong secret look the same (not_found), so the URL reveals nothing.
 */
export async function triggerDeployHook(
  rt: Pick<Runtime, 'db' | 'rateLimiter' | 'siteOwners' | 'deploymentIntake'>,
  input: { hookId: string; secret: string; ip?: string | null },
): Promise<TriggerOutcome> {
  const hook = HOOK_ID_PATTERN.test(input.hookId) ? await findDeployHook(rt.db, input.hookId) : null;
  if (!hook || !hookSecretMatches(hook.secretHash, input.secret)) return { kind: 'not_found' };
  // Counted only for callers who know the secret, so a stranger cannot use up a hook's calls.
  const decision = await rt.rateLimiter.take(`hook:${hook.id}`, HOOK_CALLS_PER_MINUTE);
  if (!decision.allowed) return { kind: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds, limit: decision.limit };
  const plan = await findAccountPlan(rt.db, hook.accountId);
  if (!plan?.features.includes('hosting')) return { kind: 'no_hosting' };
  // The URL's secret is the credential: the hook itself is the actor of what it starts.
  const actor = deployHookActor({ id: hook.id, name: hook.name ?? hook.id }, input.ip);
  const deployment = await requestDeployment(rt, { accountId: hook.accountId, siteId: hook.siteId, environment: hook.environment, sourceUrl: null, actor });
  // The hook's site is the account's (a site's owner never changes); a null here would mean it is gone.
  if (!deployment) return { kind: 'not_found' };
  // The call is in the account's activity like a redeploy from the dashboard: who holds a hook's URL can
  // deploy without a key, so its owners see each call, from where, and what it started.
  await rt.db.transaction(async (tx) => {
    await markDeployHookTriggered(tx, hook.id, new Date());
    await recordAudit(tx, {
      accountId: hook.accountId,
      actor,
      action: 'deploy_hook.triggered',
      target: hook.id,
      detail: { site: hook.siteId, name: hook.name, environment: hook.environment, deployment: deployment.id },
    });
  });
  return { kind: 'deploying', deployment };
}
