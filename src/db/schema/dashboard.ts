import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn, accounts } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const MEMBER_ROLES = ['owner', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A person who signs in to the dashboard. The email is stored lowercased, so it is unique as people mean it. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash so they can be raised later. */
    passwordHash: text('password_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    role: text('role').$type<MemberRole>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] }), index('memberships_account_idx').on(t.accountId)],
);

/**
 * Server-side dashboard sessions. The cookie carries a random token; only its SHA-256 is stored, so a
 * leaked table cannot be replayed. Deleting the row ends the session on every web process at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    /** The synchronizer token every state-changing form of this session must carry. */
    csrfToken: text('csrf_token').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** The absolute end, however active the session is. */
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time links: invitations into an account and password resets. Only the token's SHA-256 is stored. */
export const invitations = pgTable(
  'invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: accountIdColumn(),
    email: text('email').notNull(),
    role: text('role').$type<MemberRole>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [index('invitations_account_idx').on(t.accountId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Who can act on an account, as the audit trail records them. */
export const ACTOR_KINDS = ['user', 'api_key', 'cli', 'deploy_hook', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const AUDIT_ACTIONS = [
  'user.signed_in',
  'user.signed_out',
  'user.signed_up',
  'user.invited',
  'user.reset_requested',
  'user.password_reset',
  'user.removed',
  'key.created',
  'key.revoked',
  'domain.added',
  'domain.removed',
  'domain.checked',
  'deployment.rolled_back',
  'deployment.redeployed',
  'deployment.promoted',
  'deployment.uploaded',
  'deployment.digests_sent',
  'deployment.finalized',
  'deploy_hook.created',
  'deploy_hook.deleted',
  'deploy_hook.triggered',
  'voice.deleted',
  'file.deleted',
  'account.plan_changed',
  'webhook.created',
  'webhook.deleted',
  'webhook.enabled',
  'deployment.created',
  'domain.verified',
  'domain.failed',
  'webhook.updated',
  'webhook.disabled',
  'webhook.test_sent',
  'webhook.delivery_replayed',
  'file.uploaded',
  'voice.clone_requested',
  'plagiarism_source.created',
  'plagiarism_source.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who did what to an account, and when. Rows are never updated. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Set when a dashboard user acted; null for every other kind of actor. */
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who acted: `user`, `api_key`, `cli`, `deploy_hook` or `system` (src/audit/actor.ts). */
    actorKind: text('actor_kind').$type<ActorKind>().notNull().default('user'),
    /** The actor's id as it was: a user id, an API key id, a deploy hook id; null for the CLI and the system. */
    actorId: text('actor_id'),
    /** An API key's display prefix (what listings show of the key); null for other actors. */
    actorKeyPrefix: text('actor_key_prefix'),
    /** The actor as shown: an email, a key's label, "operator"; kept when the user or key is later removed. */
    actor: text('actor').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    /** The id or name acted upon (a key id, a domain, a deployment id). */
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip'),
    at: ts('at').notNull().default(sql`now()`),
  },
  (t) => [index('audit_events_account_idx').on(t.accountId, t.id), index('audit_events_account_actor_idx').on(t.accountId, t.actorId, t.id)],
);
