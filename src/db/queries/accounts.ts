import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { newId } from '../../ids';
import type { Db, DbOrTx } from '../client';
import { accounts, apiKeys, plans } from '../schema';
import type { UsageMetric } from '../schema';

export const PLAN_IDS = ['free', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Feature = 'usage' | 'text' | 'plagiarism' | 'image' | 'voice' | 'files' | 'hosting';

/** Every product a key can be scoped to, in the order lists show them. */
export const FEATURES: readonly Feature[] = ['text', 'plagiarism', 'image', 'voice', 'files', 'hosting', 'usage'];

export function isFeature(value: string): value is Feature {
  return (FEATURES as readonly string[]).includes(value);
}

/**
 * What a key can be limited to: a product, or `webhooks` (managing webhook endpoints). Webhooks are no
 * product of a plan but a scope of their own, because an endpoint receives every product's events: a key
 * narrowed to one product must not be able to point them at itself.
 */
export type Scope = Feature | 'webhooks' | 'audit';

/** The closed set of scopes, in the order lists show them. */
export const SCOPES: readonly Scope[] = [...FEATURES, 'webhooks', 'audit'];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** What a request knows about its caller once the key is recognised. */
export interface Principal {
  keyId: string;
  /** The key's label and display prefix: how the audit trail names the key as an actor. */
  keyLabel: string;
  keyPrefix: string;
  accountId: string;
  planId: string;
  /** The plan's name for people ("Pro"). */
  planName: string;
  /** The account's limit (its override, else its plan's). */
  rateLimitPerMinute: number;
  /** The key's own limit, when it has one: the key is held to the lower of the two. */
  keyRateLimitPerMinute: number | null;
  features: readonly Feature[];
  /** Products (and `webhooks`) this key may call; null means every product of the plan, and webhooks. */
  scopes: readonly Scope[] | null;
  /** Epoch ms after which the key answers 401; null when it never expires. */
  expiresAt: number | null;
  /** Each metric's allowance per billing period; null means unlimited. */
  quotas: Record<UsageMetric, number | null>;
  /** Bytes the account may keep stored (files and hosted sites), its plan's allowance. */
  storageBytes: number;
}

export async function createAccount(db: DbOrTx, input: { name: string; planId: PlanId; rateLimitOverride?: number | null; isDemo?: boolean }) {
  const [row] = await db
    .insert(accounts)
    .values({
      id: newId('acct'),
      name: input.name,
      planId: input.planId,
      rateLimitOverride: input.rateLimitOverride ?? null,
      isDemo: input.isDemo ?? false,
    })
    .returning();
  return row!;
}

export async function findAccount(db: DbOrTx, id: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row ?? null;
}

/** The account's plan as the dashboard shows it: quotas per metric and the requests-per-minute limit. */
export async function findAccountPlan(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({
      planId: plans.id,
      planName: plans.name,
      rateLimitPerMinute: plans.rateLimitPerMinute,
      rateLimitOverride: accounts.rateLimitOverride,
      features: plans.features,
      storageBytes: plans.storageBytes,
      ...quotaColumns,
    })
    .from(accounts)
    .innerJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(accounts.id, accountId));
  if (!row) return null;
  return {
    planId: row.planId,
    planName: planNameOf(row),
    rateLimitPerMinute: row.rateLimitOverride ?? row.rateLimitPerMinute,
    features: row.features as Feature[],
    quotas: quotasOf(row),
    storageBytes: row.storageBytes,
  };
}

/**
 * Every account with its number of active keys, oldest first: one query (a grouped left join), however
 * many accounts there are.
 */
export async function listAccounts(db: DbOrTx) {
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      planId: accounts.planId,
      rateLimitOverride: accounts.rateLimitOverride,
      isDemo: accounts.isDemo,
      createdAt: accounts.createdAt,
      activeKeys: count(apiKeys.id),
    })
    .from(accounts)
    .leftJoin(apiKeys, and(eq(apiKeys.accountId, accounts.id), isNull(apiKeys.revokedAt)))
    .groupBy(accounts.id)
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
}

export async function findDemoAccount(db: DbOrTx) {
  const [row] = await db.select().from(accounts).where(eq(accounts.isDemo, true)).orderBy(asc(accounts.createdAt)).limit(1);
  return row ?? null;
}

export interface NewApiKey {
  accountId: string;
  label: string;
  /** Scopes the key may call; null or absent for every product of the plan, and webhooks. */
  scopes?: readonly Scope[] | null;
  expiresAt?: Date | null;
  rateLimitPerMinute?: number | null;
}

/** Stores a key by its hash and display prefix; the secret itself is never written (see accounts/create-api-key.ts). */
export async function insertApiKey(db: DbOrTx, input: NewApiKey & { hash: string; displayPrefix: string }) {
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newId('key'),
      accountId: input.accountId,
      label: input.label,
      displayPrefix: input.displayPrefix,
      hash: input.hash,
      scopes: input.scopes ? [...input.scopes] : null,
      expiresAt: input.expiresAt ?? null,
      rateLimitPerMinute: input.rateLimitPerMinute ?? null,
    })
    .returning();
  return row!;
}

export async function findApiKey(db: DbOrTx, accountId: string, keyId: string) {
  const [row] = await db
    .select({ id: apiKeys.id, label: apiKeys.label, prefix: apiKeys.displayPrefix, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)));
  return row ?? null;
}

export async function listApiKeys(db: DbOrTx, accountId: string) {
  return db
    .select({
      id: apiKeys.id,
      label: apiKeys.label,
      prefix: apiKeys.displayPrefix,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      rateLimitPerMinute: apiKeys.rateLimitPerMinute,
    })
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(asc(apiKeys.createdAt));
}

/**
 * Moves each key's last_used_at forward to its time (epoch ms), all keys in one statement. A row whose
 * value is already as new is not written at all, so processes flushing out of order never move it back.
 * Two array parameters whatever the batch size: one statement text, and no cap on parameters per query.
 */
export async function recordKeyUses(db: DbOrTx, uses: ReadonlyMap<string, number>): Promise<void> {
  if (uses.size === 0) return;
  const ids: string[] = [];
  const times: string[] = [];
  for (const [id, at] of uses) {
    ids.push(id);
    times.push(new Date(at).toISOString());
  }
  // The times go as text[]: drizzle passes timestamptz[] parameters through unserialised.
  await db.execute(sql`
    UPDATE api_keys SET last_used_at = v.t
    FROM unnest(${sql.param(ids)}::text[], ${sql.param(times)}::text[]::timestamptz[]) AS v(id, t)
    WHERE api_keys.id = v.id AND (api_keys.last_used_at IS NULL OR api_keys.last_used_at < v.t)`);
}

/**
 * Returns the revoked key's hash (for cache eviction), or null when no active key has that id (within
 * `accountId` when given: the dashboard may only revoke its own account's keys).
 */
export async function revokeApiKey(
  db: DbOrTx,
  keyId: string,
  accountId?: string,
): Promise<{ id: string; hash: string; label: string; accountId: string; displayPrefix: string } | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt), accountId === undefined ? undefined : eq(apiKeys.accountId, accountId)))
    .returning({ id: apiKeys.id, hash: apiKeys.hash, label: apiKeys.label, accountId: apiKeys.accountId, displayPrefix: apiKeys.displayPrefix });
  return row ?? null;
}

/** The principal of an active (unrevoked) key: also an expired one, so the 401 can say when it expired. */
export async function findPrincipalByKeyHash(db: Db, hash: string): Promise<Principal | null> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      keyLabel: apiKeys.label,
      keyPrefix: apiKeys.displayPrefix,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      keyRateLimitPerMinute: apiKeys.rateLimitPerMinute,
      accountId: accounts.id,
      planId: plans.id,
      planName: plans.name,
      rateLimitOverride: accounts.rateLimitOverride,
      rateLimitPerMinute: plans.rateLimitPerMinute,
      features: plans.features,
      storageBytes: plans.storageBytes,
      ...quotaColumns,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .innerJoin(plans, eq(plans.id, accounts.planId))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  return {
    keyId: row.keyId,
    keyLabel: row.keyLabel,
    keyPrefix: row.keyPrefix,
    accountId: row.accountId,
    planId: row.planId,
    planName: planNameOf(row),
    rateLimitPerMinute: row.rateLimitOverride ?? row.rateLimitPerMinute,
    keyRateLimitPerMinute: row.keyRateLimitPerMinute,
    features: row.features as Feature[],
    scopes: row.scopes as Scope[] | null,
    expiresAt: row.expiresAt?.getTime() ?? null,
    quotas: quotasOf(row),
    storageBytes: row.storageBytes,
  };
}

/** A plan's name for people: its `name`, else its id with a capital letter. */
function planNameOf(row: { planId: string; planName: string | null }): string {
  return row.planName ?? row.planId.charAt(0).toUpperCase() + row.planId.slice(1);
}

/** The quotas of the account's plan per metric (null: unlimited), or null when there is no such account. */
export async function findAccountQuotas(db: DbOrTx, accountId: string): Promise<Record<UsageMetric, number | null> | null> {
  return (await findAccountPlan(db, accountId))?.quotas ?? null;
}

const quotaColumns = {
  quotaTextTokens: plans.quotaTextTokens,
  quotaImagesGenerated: plans.quotaImagesGenerated,
  quotaAudioSeconds: plans.quotaAudioSeconds,
  quotaFileChats: plans.quotaFileChats,
  quotaPlagiarismChecks: plans.quotaPlagiarismChecks,
};

function quotasOf(row: Record<keyof typeof quotaColumns, number | null>): Record<UsageMetric, number | null> {
  return {
    text_tokens: row.quotaTextTokens,
    images_generated: row.quotaImagesGenerated,
    audio_seconds: row.quotaAudioSeconds,
    file_chats: row.quotaFileChats,
    plagiarism_checks: row.quotaPlagiarismChecks,
  };
}
