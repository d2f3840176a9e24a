import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DomainCheckObservation } from '../../hosting/domains/check-domain';
import type { SiteRules } from '../../hosting/site-rules/types';
import type { AcmeProblem } from '../../hosting/tls/acme-problem';
import { accountIdColumn } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** `uploading`: a deploy by file digests waiting for the contents it does not hold yet (it then becomes `pending`). */
export type DeploymentStatus = 'uploading' | 'pending' | 'building' | 'published' | 'failed' | 'rolled_back';
export type DeploymentEnvironment = 'production' | 'preview';
export type DomainStatus = 'pending_verification' | 'verified' | 'failed';
export type SslStatus = 'inactive' | 'active' | 'error';

/** A site exists once an account first names it; its id is global, so one account owns it. */
export const sites = pgTable(
  'sites',
  {
    id: text('id').primaryKey(),
    accountId: accountIdColumn(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The dashboard's Sites list: an account's sites.
    index('sites_account_idx').on(t.accountId),
    // The target of deployments' (site_id, account_id) foreign key.
    unique('sites_id_account_unique').on(t.id, t.accountId),
  ],
);

export const deployments = pgTable(
  'deployments',
  {
    id: text('id').primaryKey(),
    // No foreign key of its own to accounts: the (site_id, account_id) one below implies it (a site's
    // account exists) and deleting an account still removes its deployments, through its sites.
    accountId: text('account_id').notNull(),
    siteId: text('site_id').notNull(),
    environment: text('environment').$type<DeploymentEnvironment>().notNull(),
    status: text('status').$type<DeploymentStatus>().notNull().default('pending'),
    sourceUrl: text('source_url'),
    /**
     * An archive uploaded with the request (multipart), stored before the row is written: the build reads
     * it instead of downloading (every attempt reads it again) and removes it once the build has ended.
     */
    archiveKey: text('archive_key'),
    /** A production deployment made by promoting this published preview: it serves the preview's manifest. */
    promotedFrom: text('promoted_from'),
    error: text('error'),
    fileCount: integer('file_count'),
    totalBytes: bigint('total_bytes', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    /** When it first reached `published`; a rollback may only target a deployment that has one. */
    publishedAt: ts('published_at'),
    finishedAt: ts('finished_at'),
    rolledBackAt: ts('rolled_back_at'),
    /** Parsed `_redirects` / `_headers` (null: the site has neither); loaded by the edge with the manifest. */
    siteRules: jsonb('site_rules').$type<SiteRules>(),
  },
  (t) => [
    // One check per inserted row instead of two (accounts, sites), without a share lock on the account's
    // row from every concurrent insert; and the database itself refuses a deployment of a site that
    // belongs to another account.
    foreignKey({ name: 'deployments_site_account_fk', columns: [t.siteId, t.accountId], foreignColumns: [sites.id, sites.accountId] }).onDelete('cascade'),
    // A site's deployments newest first in keyset order (created_at, id): the dashboard's site page, a
    // site's latest deployment and its count are each one range of this index.
    index('deployments_site_created_idx').on(t.siteId, t.createdAt, t.id),
    index('deployments_status_idx').on(t.status, t.createdAt),
    // GET /v1/hosting/deployments: an account's deployments, newest first.
    index('deployments_account_idx').on(t.accountId, t.createdAt),
  ],
);

/** A published deployment's manifest: each path and the content hash of its blob. */
export const deploymentFiles = pgTable(
  'deployment_files',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    hash: text('hash').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.path] })],
);

/**
 * A deploy by file digests (paths and SHA-256 of their contents): its manifest, kept while the contents it
 * lacks are uploaded and until its build has read it (the published manifest is `deployment_files`).
 */
export const deploymentUploads = pgTable('deployment_uploads', {
  deploymentId: text('deployment_id')
    .primaryKey()
    .references(() => deployments.id, { onDelete: 'cascade' }),
  /** Site path → SHA-256 (hex), paths already normalised and checked like an archive's entries. */
  files: jsonb('files').$type<Record<string, string>>().notNull(),
  /**
   * The contents the account held when the deployment was created, with their sizes (parallel arrays:
   * a row each would cost a 10,000-file redeploy 10,000 inserts for nothing to upload).
   */
  heldHashes: text('held_hashes').array().notNull(),
  heldSizes: bigint('held_sizes', { mode: 'number' }).array().notNull(),
  /** Their sum, for the total cap an upload is checked against. */
  heldBytes: bigint('held_bytes', { mode: 'number' }).notNull(),
  /**
   * How many required contents are still to upload, and the bytes of those received: counters each
   * upload moves in one UPDATE, so concurrent uploads neither lock the deployment nor count its rows,
   * and exactly one sees `missing` reach 0.
   */
  missing: integer('missing').notNull().default(0),
  receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
  /** The last upload (or the creation): an `uploading` deployment idle for long is expired by the sweep. */
  activeAt: ts('active_at').notNull().defaultNow(),
});

/** Each content a deploy by digests required: `size` is null until it is uploaded. */
export const deploymentUploadBlobs = pgTable(
  'deployment_upload_blobs',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deploymentUploads.deploymentId, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    size: bigint('size', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.deploymentId, t.hash] }),
    // "Has this account already uploaded this content?" (for a later deploy of the same files).
    index('deployment_upload_blobs_hash_idx').on(t.hash),
    // An upload's answer lists the first missing contents: only those rows, in hash order.
    index('deployment_upload_blobs_missing_idx').on(t.deploymentId, t.hash).where(sql`${t.size} IS NULL`),
  ],
);

export const deploymentLogs = pgTable(
  'deployment_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    level: text('level').notNull().default('info'),
    message: text('message').notNull(),
  },
  (t) => [index('deployment_logs_deployment_idx').on(t.deploymentId, t.id)],
);

/** Which deployment each site serves per environment: the one row an atomic publish or rollback switches. */
export const liveDeployments = pgTable(
  'live_deployments',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    environment: text('environment').$type<DeploymentEnvironment>().notNull(),
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.environment] })],
);

/**
 * A deploy hook: a secret URL that redeploys its site without an API key (a CMS or a cron calls it).
 * Only the SHA-256 of the secret is kept; the URL is shown once, when the hook is created.
 */
export const deployHooks = pgTable(
  'deploy_hooks',
  {
    id: text('id').primaryKey(),
    accountId: accountIdColumn(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name'),
    /** The environment a call deploys (the "branch" of other hosts' build hooks). */
    environment: text('environment').$type<DeploymentEnvironment>().notNull().default('production'),
    secretHash: text('secret_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastTriggeredAt: ts('last_triggered_at'),
  },
  // A site's hooks, for its page and GET …/hooks.
  (t) => [index('deploy_hooks_site_idx').on(t.siteId, t.createdAt)],
);

export const domains = pgTable(
  'domains',
  {
    id: text('id').primaryKey(),
    domain: text('domain').notNull(),
    accountId: accountIdColumn(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    status: text('status').$type<DomainStatus>().notNull().default('pending_verification'),
    ssl: text('ssl').$type<SslStatus>().notNull().default('inactive'),
    token: text('token').notNull(),
    /** Start of the current verification window (reset by POST …/verify on a failed domain). */
    windowStartedAt: ts('window_started_at').notNull().defaultNow(),
    checks: integer('checks').notNull().default(0),
    lastCheckedAt: ts('last_checked_at'),
    /** What the last check saw for each required record (or why it could not look): GET shows it. */
    lastCheck: jsonb('last_check').$type<DomainCheckObservation>(),
    /** When the queued automatic check runs; null when none is queued (verified, failed, or scheduling failed). */
    nextCheckAt: ts('next_check_at'),
    verifiedAt: ts('verified_at'),
    /** The last failed issuance in a line (logs, dashboard); null once a certificate is issued. */
    sslError: text('ssl_error'),
    /** The same failure as the CA's problem document (RFC 8555 §6.7), or Kiln's own description when the CA gave none. */
    sslProblem: jsonb('ssl_problem').$type<AcmeProblem>(),
    /** The other name of a www/apex pair (example.com ↔ www.example.com); null when not paired. */
    pairedWith: text('paired_with'),
    /** This member of a pair answers with a 308 to its pair (the canonical name) once that one is verified. */
    redirects: boolean('redirects').notNull().default(false),
    /**
     * The name whose `_kiln-challenge` TXT record proves ownership, when not the domain itself: a pair's www name
     * uses its apex's, so one TXT record covers both. Kept after unpairing so the record asked for never moves.
     */
    ownershipDomain: text('ownership_domain'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('domains_account_domain_idx').on(t.accountId, t.domain),
    // However many accounts claim a name, only one can have proven it.
    uniqueIndex('domains_verified_idx').on(t.domain).where(sql`status = 'verified'`),
  ],
);

export const certificates = pgTable('certificates', {
  /** The hostname served (a verified custom domain, or `*.{HOSTING_DOMAIN}`). */
  hostname: text('hostname').primaryKey(),
  certPem: text('cert_pem').notNull(),
  keyPem: text('key_pem').notNull(),
  issuer: text('issuer').notNull(),
  notBefore: ts('not_before').notNull(),
  notAfter: ts('not_after').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Key material Kiln keeps for itself: the local certificate authority and ACME account keys. */
export const tlsSecrets = pgTable('tls_secrets', {
  name: text('name').primaryKey(),
  certPem: text('cert_pem'),
  keyPem: text('key_pem').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** HTTP-01 key authorizations the edge answers at /.well-known/acme-challenge/{token}. */
export const acmeChallenges = pgTable('acme_challenges', {
  token: text('token').primaryKey(),
  keyAuthorization: text('key_authorization').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * One row per change to what a host serves (live deployments, domains, certificates), written by
 * triggers in the same transaction as the change, so no writer can forget it. Edges read the rows past
 * the last id they applied instead of reloading every table; old rows are pruned.
 */
export const routingChanges = pgTable(
  'routing_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `live` (key: site id), `domain` (key: domain name) or `certificate` (key: hostname). */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('routing_changes_created_at_idx').on(t.createdAt)],
);

/**
 * What the edges sent on a site's behalf that did not come from its own files (`_redirects` proxy rules),
 * per billing period. Edges add to it in batches; no foreign key to sites, so a deleted site's bytes still
 * count in the period they were sent (the account's key removes them with the account).
 */
export const siteTraffic = pgTable(
  'site_traffic',
  {
    accountId: accountIdColumn(),
    siteId: text('site_id').notNull(),
    /** `YYYY-MM-01`: the period the bytes were written in (see billing/period). */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    proxiedBytes: bigint('proxied_bytes', { mode: 'number' }).notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // Account first: the usage report sums an account's period; the site is the conflict target's last part.
  (t) => [primaryKey({ columns: [t.accountId, t.periodStart, t.siteId] })],
);
