import * as v from 'valibot';
import type { DeploymentRow } from '../../db/queries/deployments';
import type { DomainRow } from '../../db/queries/domains';
import type { Config } from '../../config';
import type { DnsRecord } from '../../hosting/domains';
import { deploymentUrl, SITE_ID_PATTERN } from '../../hosting/urls';
import { requiredText } from './fields';

export const siteIdField = v.pipe(
  requiredText(40),
  v.regex(SITE_ID_PATTERN, 'must be 1–40 lowercase letters, digits and hyphens, not starting or ending with a hyphen'),
  v.description('Hosted site identifier; the site is created on first use.'),
);

export const deploymentSchema = v.object({
  id: v.string(),
  status: v.picklist(['pending', 'building', 'published', 'failed', 'rolled_back']),
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

const recordType = v.picklist(['TXT', 'CNAME', 'A']);

export const verificationSchema = v.pipe(
  v.object({
    last_checked_at: v.pipe(v.nullable(v.string()), v.description('When the records were last looked up; null before the first check.')),
    next_check_at: v.pipe(
      v.nullable(v.string()),
      v.description('When the next automatic check runs; null when none is queued (verified, failed: POST …/verify starts again).'),
    ),
    error: v.optional(v.pipe(v.string(), v.description('Present when the last check got no answer from the resolvers (it decided nothing).'))),
    records: v.array(
      v.object({
        type: recordType,
        name: v.string(),
        status: v.pipe(
          v.picklist(['found', 'missing', 'wrong_value', 'unknown']),
          v.description('`wrong_value`: the name answers, but not with the value asked for; `unknown`: not checked yet, or the last lookup failed.'),
        ),
        seen: v.pipe(v.array(v.object({ type: recordType, value: v.string() })), v.description('What the last check found at the name.')),
      }),
    ),
  }),
  v.description('What the last DNS check saw for each record of `dns_records`, and when the next one runs.'),
);

export const domainSchema = v.object({
  domain: v.string(),
  site_id: v.string(),
  status: v.picklist(['pending_verification', 'verified', 'failed']),
  ssl: v.optional(v.picklist(['inactive', 'active', 'error'])),
  dns_records: v.optional(v.array(v.object({ type: recordType, name: v.string(), value: v.string() }))),
  created_at: v.string(),
  verification: v.optional(verificationSchema),
});

/** A domain's status fields (the add response leaves out `ssl`). */
export function domainView(d: DomainRow) {
  return { domain: d.domain, site_id: d.siteId, status: d.status, ssl: d.ssl, created_at: d.createdAt.toISOString() };
}

/** A domain as GET, verify and the list answer it: the records to configure (a lost TXT value stays recoverable) and what the last check saw. */
export function domainDetailView(d: DomainRow, records: DnsRecord[]) {
  return { ...domainView(d), dns_records: records, verification: verificationView(d, records) };
}

function verificationView(d: DomainRow, records: DnsRecord[]) {
  const last = d.lastCheck;
  const findings = last && 'records' in last ? last.records : [];
  return {
    last_checked_at: d.lastCheckedAt?.toISOString() ?? null,
    next_check_at: d.nextCheckAt?.toISOString() ?? null,
    ...(last && 'error' in last ? { error: last.error } : {}),
    // Matched by type and name: a record the domain no longer asks for (a routing type changed by configuration) shows no stale finding.
    records: records.map((r) => {
      const f = findings.find((x) => x.type === r.type && x.name === r.name);
      return { type: r.type, name: r.name, status: f?.status ?? ('unknown' as const), seen: f?.seen ?? [] };
    }),
  };
}
