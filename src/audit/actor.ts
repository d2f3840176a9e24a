import type { ActorKind } from '../db/schema';

export { ACTOR_KINDS, type ActorKind } from '../db/schema';

/**
 * Who changed an account: passed from the request (the API's key, the dashboard's session, the CLI, a deploy
 * hook's URL) into the service that makes the change, which records it in the audit trail in the change's own
 * transaction. Never guessed afterwards.
 */
export interface Actor {
  kind: ActorKind;
  /** A user id, an API key id, a deploy hook id; null for the CLI and the system. */
  id: string | null;
  /** As people read it: an email, a key's label, "operator", a hook's name. */
  label: string;
  /** An API key's display prefix (what key listings show). */
  keyPrefix?: string | null;
  /** The address the request came from, when there was a request. */
  ip?: string | null;
}

/** The operator's CLI (`kiln …` on the server): no user, no key. */
export const OPERATOR: Actor = { kind: 'cli', id: null, label: 'operator' };

/** Kiln itself, on its own schedule (a sweeper, a periodic domain check). */
export const SYSTEM: Actor = { kind: 'system', id: null, label: 'system' };

export function apiKeyActor(key: { keyId: string; keyLabel: string; keyPrefix: string }, ip?: string | null): Actor {
  return { kind: 'api_key', id: key.keyId, label: key.keyLabel, keyPrefix: key.keyPrefix, ip: ip ?? null };
}

export function userActor(user: { userId: string; email: string }, ip?: string | null): Actor {
  return { kind: 'user', id: user.userId, label: user.email, ip: ip ?? null };
}

export function deployHookActor(hook: { id: string; name: string }, ip?: string | null): Actor {
  return { kind: 'deploy_hook', id: hook.id, label: hook.name, ip: ip ?? null };
}
