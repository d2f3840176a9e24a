import * as v from 'valibot';
import type { DeploymentRow } from '../../db/queries/deployments';
import type { DomainRow } from '../../db/queries/domains';
import type { Config } from '../../config';
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
  };
}

export const domainSchema = v.object({
  domain: v.string(),
  site_id: v.string(),
  status: v.picklist(['pending_verification', 'verified', 'failed']),
  ssl: v.optional(v.picklist(['inactive', 'active', 'error'])),
  dns_records: v.optional(v.array(v.object({ type: v.string(), name: v.string(), value: v.string() }))),
  created_at: v.string(),
});

/** A domain as GET answers it (status and ssl; dns_records only in the add response). */
export function domainView(d: DomainRow) {
  return { domain: d.domain, site_id: d.siteId, status: d.status, ssl: d.ssl, created_at: d.createdAt.toISOString() };
}
