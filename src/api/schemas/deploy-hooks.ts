import * as v from 'valibot';
import type { DeployHookRow } from '../../db/queries/deploy-hooks';

export const createDeployHookBody = v.object({
  name: v.optional(
    v.pipe(v.string('must be a string'), v.trim(), v.maxLength(100, 'must be at most 100 characters'), v.description('A label to tell hooks apart.')),
  ),
  environment: v.optional(
    v.pipe(
      v.picklist(['production', 'preview'], 'must be production or preview'),
      v.description('What a call deploys: production (default) or a new preview.'),
    ),
    'production',
  ),
});

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
