import * as v from 'valibot';
import type { Config } from '../config';
import type { DeployHookRow } from '../db/queries/deploy-hooks';
import type { DeploymentRow } from '../db/queries/deployments';
import type { DomainRow } from '../db/queries/domains';
import { findingHint, type DnsRecord } from './domains';
import { deploymentUrl } from './urls';

/*
 * The public shape of hosting's resources: what the API answers, what webhook events carry as `data`, and what
 * workers store as job results. It lives with hosting, not with the API, because all three speak it.
 */

export const deploymentSchema = v.object({
  id: v.string(),
  status: v.picklist(['uploading', 'pending', 'building', 'published', 'failed', 'rolled_back']),
  environment: v.picklist(['production', 'preview']),
  site_id: v.string(),
  url: v.optional(v.string()),
  error: v.optional(v.string()),
  created_at: v.string(),
  rolled_back_at: v.optional(v.string()),
  promoted_from: v.optional(v.pipe(v.string(), v.description('The preview deployment this production deployment was promoted from.'))),
});

export function deploymentView(d: DeploymentRow, config: Pick<Config, 'HOSTING_DOMAIN' | 'EDGE_HTTPS_PORT'>) {
  return {
    id: d.id,
    status: d.status,
    environment: d.environment,
    site_id: d.siteId,
    // publishedAt is set when the build goes live, the status once the edges serve it: url comes with the status.
    ...(d.publishedAt && d.status !== 'building' ? { url: deploymentUrl(d, { hostingDomain: config.HOSTING_DOMAIN, httpsPort: config.EDGE_HTTPS_PORT }) } : {}),
    ...(d.status === 'failed' && d.error ? { error: d.error } : {}),
    created_at: d.createdAt.toISOString(),
    ...(d.rolledBackAt ? { rolled_back_at: d.rolledBackAt.toISOString() } : {}),
    ...(d.promotedFrom ? { promoted_from: d.promotedFrom } : {}),
  };
}

const sha256Field = v.pipe(v.string(), v.description('SHA-256 of a file’s content, lowercase hex.'));

/** A deployment by file digests as created: the view, and the contents the account must upload. */
export const digestDeploymentSchema = v.object({
  ...deploymentSchema.entries,
  required: v.pipe(
    v.array(sha256Field),
    v.description('The distinct contents to upload (PUT …/files/{sha256}), sorted; empty when the account holds them all (the build is queued at once).'),
  ),
});

/** The answer to one uploaded content of a deployment by digests. */
export const uploadedContentSchema = v.object({
  sha256: sha256Field,
  size: v.pipe(v.number(), v.description('Its size in bytes.')),
  missing: v.pipe(v.number(), v.description('How many distinct contents are still to upload; at 0 the build is queued.')),
  required: v.pipe(v.array(sha256Field), v.description('The contents still to upload, sorted: the first 100 of them (`missing` counts all).')),
  status: v.pipe(
    v.picklist(['uploading', 'pending', 'building', 'published', 'failed', 'rolled_back']),
    v.description('The deployment’s status after this upload.'),
  ),
});

const recordType = v.picklist(['TXT', 'CNAME', 'A']);

const lookupSchema = v.object({
  resolver: v.pipe(v.string(), v.description('The DNS_SERVERS entry asked (`host[:port]`), or `system` for the host’s resolvers.')),
  type: recordType,
  outcome: v.pipe(
    v.picklist(['answer', 'nxdomain', 'nodata', 'servfail', 'refused', 'timeout', 'unreachable', 'error']),
    v.description(
      '`answer`: `values` holds what it returned; `nxdomain`: the name does not exist; `nodata`: the name exists without records of this ' +
        'type; the rest are failures, which decide nothing.',
    ),
  ),
  values: v.array(v.string()),
  code: v.optional(v.pipe(v.string(), v.description('The resolver library’s code for a failure, e.g. `ESERVFAIL`, `ETIMEOUT`.'))),
});

export const verificationSchema = v.pipe(
  v.object({
    last_checked_at: v.pipe(v.nullable(v.string()), v.description('When the records were last looked up; null before the first check.')),
    next_check_at: v.pipe(
      v.nullable(v.string()),
      v.description('When the next automatic check runs; null when none is queued (verified, failed: POST …/verify starts again).'),
    ),
    error: v.optional(v.pipe(v.string(), v.description('Present when a lookup of the last check got no answer from any resolver (it decided nothing).'))),
    records: v.array(
      v.object({
        type: recordType,
        name: v.string(),
        expected: v.pipe(v.string(), v.description('The value the record must have (as in `dns_records`).')),
        status: v.pipe(
          v.picklist(['found', 'missing', 'wrong_value', 'unknown']),
          v.description('`wrong_value`: the name answers, but not with the value asked for; `unknown`: not checked yet, or the last lookup failed.'),
        ),
        matched: v.pipe(v.boolean(), v.description('Whether the last check found the record as asked for (`status` is `found`).')),
        seen: v.pipe(v.array(v.object({ type: recordType, value: v.string() })), v.description('What the last check found at the name.')),
        lookups: v.pipe(
          v.array(lookupSchema),
          v.description('Each resolver’s answer to each lookup of the last check (a subdomain’s routing record is looked up as CNAME and A).'),
        ),
        hint: v.pipe(v.string(), v.description('The finding in plain words, with what to change.')),
      }),
    ),
  }),
  v.description('What the last DNS check saw for each record of `dns_records`, and when the next one runs.'),
);

export const sslErrorSchema = v.pipe(
  v.object({
    type: v.optional(v.pipe(v.string(), v.description('The ACME problem type, e.g. `urn:ietf:params:acme:error:connection`; absent when the CA gave none.'))),
    detail: v.string(),
    status: v.optional(v.pipe(v.number(), v.description('The HTTP status the CA answered the problem with.'))),
    subproblems: v.optional(
      v.array(
        v.object({
          type: v.optional(v.string()),
          detail: v.optional(v.string()),
          status: v.optional(v.number()),
          identifier: v.optional(v.object({ type: v.string(), value: v.string() })),
        }),
      ),
    ),
  }),
  v.description('Present when `ssl` is `error`: why the last issuance failed, as the CA’s problem document (RFC 8555 §6.7).'),
);

export const domainSchema = v.object({
  domain: v.string(),
  site_id: v.string(),
  status: v.picklist(['pending_verification', 'verified', 'failed']),
  ssl: v.optional(v.picklist(['inactive', 'active', 'error'])),
  ssl_error: v.optional(sslErrorSchema),
  paired_with: v.optional(v.pipe(v.string(), v.description('The other name of a www/apex pair (see `with_www`).'))),
  redirects_to: v.optional(
    v.pipe(v.string(), v.description('This name answers with a 308 to this one (the pair’s canonical name), path and query kept, once that one is verified.')),
  ),
  dns_records: v.optional(v.array(v.object({ type: recordType, name: v.string(), value: v.string() }))),
  created_at: v.string(),
  verification: v.optional(verificationSchema),
});

/** POST's answer: the domain, and with `with_www` the other name of the pair, each with the records to create. */
export const addedDomainSchema = v.object({
  ...domainSchema.entries,
  paired_domain: v.optional(v.pipe(domainSchema, v.description('With `with_www`: the other name of the pair, added too.'))),
});

/** A domain's status fields (the add response leaves out `ssl`). */
export function domainView(d: DomainRow) {
  return {
    domain: d.domain,
    site_id: d.siteId,
    status: d.status,
    ssl: d.ssl,
    ...(d.ssl === 'error' ? { ssl_error: d.sslProblem ?? { detail: d.sslError ?? 'certificate issuance failed' } } : {}),
    ...(d.pairedWith ? { paired_with: d.pairedWith } : {}),
    ...(d.pairedWith && d.redirects ? { redirects_to: d.pairedWith } : {}),
    created_at: d.createdAt.toISOString(),
  };
}

/** A domain as GET, verify and the list answer it: the records to configure (a lost TXT value stays recoverable) and what the last check saw. */
export function domainDetailView(d: DomainRow, records: DnsRecord[], edgeIpv4: string) {
  return { ...domainView(d), dns_records: records, verification: verificationView(d, records, edgeIpv4) };
}

function verificationView(d: DomainRow, records: DnsRecord[], edgeIpv4: string) {
  const last = d.lastCheck;
  const findings = last && 'records' in last ? last.records : [];
  return {
    last_checked_at: d.lastCheckedAt?.toISOString() ?? null,
    next_check_at: d.nextCheckAt?.toISOString() ?? null,
    ...(last?.error ? { error: last.error } : {}),
    // Matched by type and name: a record the domain no longer asks for (a routing type changed by configuration) shows no stale finding.
    records: records.map((r) => {
      const f = findings.find((x) => x.type === r.type && x.name === r.name);
      return {
        type: r.type,
        name: r.name,
        expected: r.value,
        status: f?.status ?? ('unknown' as const),
        matched: f?.status === 'found',
        seen: f?.seen ?? [],
        lookups: (f?.lookups ?? []).map((l) => ({
          resolver: l.resolver,
          type: l.type,
          outcome: l.outcome,
          values: l.values,
          ...(l.code ? { code: l.code } : {}),
        })),
        hint: findingHint(r, f, edgeIpv4),
      };
    }),
  };
}

const hookFields = {
  id: v.string(),
  site_id: v.string(),
  name: v.nullable(v.string()),
  environment: v.picklist(['production', 'preview']),
  created_at: v.string(),
  last_triggered_at: v.nullable(v.string()),
};

export const deployHookSchema = v.object(hookFields);

export const createdDeployHookSchema = v.object({
  ...hookFields,
  url: v.pipe(v.string(), v.description('POST here (no API key) to redeploy the site’s latest content. Shown only in this answer; keep it secret.')),
});

export function deployHookView(h: DeployHookRow) {
  return {
    id: h.id,
    site_id: h.siteId,
    name: h.name,
    environment: h.environment,
    created_at: h.createdAt.toISOString(),
    last_triggered_at: h.lastTriggeredAt?.toISOString() ?? null,
  };
}
