import * as v from 'valibot';
import type { SiteTrafficTotals } from '../db/queries/site-traffic';
import type { StoredBytes } from '../db/queries/storage';
import type { UsageTotals } from '../db/queries/usage';
import { USAGE_METRICS, type UsageMetric } from '../db/schema';
import type { BillingPeriod } from './period';
import type { RateDecision } from './rate-limiter';

/*
 * The public shape of an account's usage against its plan: what GET /v1/usage answers and what the
 * dashboard's overview draws. It lives with billing, not with the API, so that both faces read the same
 * numbers the same way.
 *
 * The convention for limits: every metered metric of the plan appears in `limits` as
 * `{ limit, used, remaining }`; `limit` and `remaining` are both null when the plan does not limit the
 * metric (its quota column is NULL), and never absent. `remaining` is `limit - used`, never below 0.
 * Everything is derived from USAGE_METRICS and the plan's quotas, so a new metric with a plan quota shows
 * up here (and in the OpenAPI schema) without editing this file.
 */

/** The plan fields the view reads: a Principal or findAccountPlan's answer both fit. */
export interface PlanLimits {
  planId: string;
  planName: string;
  quotas: Record<UsageMetric, number | null>;
  storageBytes: number;
}

const metricsObject = <T extends v.GenericSchema>(schema: T) => v.object(Object.fromEntries(USAGE_METRICS.map((m) => [m, schema])) as Record<UsageMetric, T>);

/** One number per metric: the period's totals. */
export const usageTotalsSchema = metricsObject(v.number());

export const metricLimitSchema = v.object({
  limit: v.pipe(v.nullable(v.number()), v.description('The plan’s quota of this metric for the billing period; null: unlimited.')),
  used: v.pipe(v.number(), v.description('Billed this period: the same number as in `usage`.')),
  remaining: v.pipe(
    v.nullable(v.number()),
    v.description(
      '`limit` − `used`, never below 0 (a request’s final bill may pass its estimate); null: unlimited. Requests still running hold ' +
        'part of it until they are billed, so a request asking for all of it may still be refused (429 `quota_exceeded` says how much is held).',
    ),
  ),
});
export type MetricLimit = v.InferOutput<typeof metricLimitSchema>;

export const limitsSchema = v.pipe(
  metricsObject(metricLimitSchema),
  v.description('Each metered metric of the plan against its quota for the billing period. `limit` and `remaining` are null when the plan does not limit it.'),
);

export const planSchema = v.pipe(
  v.object({ id: v.pipe(v.string(), v.description('`free`, `pro`, `business`, or an operator’s own plan.')), name: v.string() }),
  v.description('The account’s plan, whose quotas and rate limit these are.'),
);

export const rateLimitSchema = v.pipe(
  v.object({
    limit: v.pipe(
      v.number(),
      v.description('Requests per window this key may make: the account’s limit, or the key’s own when that is lower. The `RateLimit-Limit` header.'),
    ),
    remaining: v.pipe(v.number(), v.description('Left in the window after this request: the `RateLimit-Remaining` header.')),
    reset_seconds: v.pipe(v.number(), v.description('Seconds until the full allowance is back: the `RateLimit-Reset` header.')),
    window_seconds: v.pipe(v.number(), v.description('The window `limit` is counted over: 60, requests per minute.')),
  }),
  v.description('The request rate limit, as the `RateLimit-*` headers of this very answer give it. A full window may be spent in a burst.'),
);

export const storageSchema = v.pipe(
  v.object({
    used_bytes: v.pipe(v.number(), v.description('Everything stored now: `file_bytes` + `site_bytes`.')),
    limit_bytes: v.pipe(
      v.number(),
      v.description('The plan’s storage allowance. An upload or deploy that would pass it is refused (413 `storage_quota_exceeded`).'),
    ),
    remaining_bytes: v.pipe(v.number(), v.description('`limit_bytes` − `used_bytes`, never below 0.')),
    allowed_bytes: v.pipe(v.number(), v.description('The same as `limit_bytes` (its earlier name, kept for existing clients).')),
    file_bytes: v.pipe(v.number(), v.description('Uploaded files not deleted (their original size).')),
    site_bytes: v.pipe(v.number(), v.description('Hosted sites: each distinct file content across the account’s deployments, counted once.')),
  }),
  v.description('What the account stores now (not per period) against its plan’s allowance: freed when files are deleted.'),
);

export const hostingSchema = v.pipe(
  v.object({
    proxied_bytes: v.pipe(
      v.number(),
      v.description('Bytes the edges relayed from other servers for `_redirects` proxy rules (200 to a URL), all the account’s sites together.'),
    ),
  }),
  v.description('Hosted sites’ traffic in the current period. Edges write it every few seconds, so the last moments may not show yet.'),
);

export const usageReportSchema = v.object({
  period_start: v.string(),
  period_end: v.string(),
  plan: planSchema,
  usage: usageTotalsSchema,
  limits: limitsSchema,
  rate_limit: rateLimitSchema,
  storage: storageSchema,
  hosting: hostingSchema,
});
export type UsageReport = v.InferOutput<typeof usageReportSchema>;

const remainingOf = (limit: number, used: number) => Math.max(0, limit - used);

/** Each metric's quota (null: unlimited), use and what is left, for every metric the plan meters. */
export function limitsView(quotas: PlanLimits['quotas'], totals: UsageTotals): Record<UsageMetric, MetricLimit> {
  return Object.fromEntries(
    USAGE_METRICS.map((m) => {
      const limit = quotas[m] ?? null;
      const used = totals[m] ?? 0;
      return [m, { limit, used, remaining: limit === null ? null : remainingOf(limit, used) }];
    }),
  ) as Record<UsageMetric, MetricLimit>;
}

export function planView(plan: Pick<PlanLimits, 'planId' | 'planName'>) {
  return { id: plan.planId, name: plan.planName };
}

export function storageView(allowance: number, stored: StoredBytes) {
  const used = stored.fileBytes + stored.siteBytes;
  return {
    used_bytes: used,
    limit_bytes: allowance,
    remaining_bytes: remainingOf(allowance, used),
    allowed_bytes: allowance,
    file_bytes: stored.fileBytes,
    site_bytes: stored.siteBytes,
  };
}

/** The limiter's decision on the request being answered: the numbers of its RateLimit-* headers. */
export function rateLimitView(decision: Pick<RateDecision, 'limit' | 'remaining' | 'resetSeconds'>, windowSeconds = 60) {
  return { limit: decision.limit, remaining: decision.remaining, reset_seconds: decision.resetSeconds, window_seconds: windowSeconds };
}

/** The whole report, every part read beforehand (from the usage cache: no query of its own). */
export function usageReportView(input: {
  period: Pick<BillingPeriod, 'startIso' | 'endIso'>;
  plan: PlanLimits;
  totals: UsageTotals;
  stored: StoredBytes;
  traffic: SiteTrafficTotals;
  rate: Pick<RateDecision, 'limit' | 'remaining' | 'resetSeconds'>;
}): UsageReport {
  return {
    period_start: input.period.startIso,
    period_end: input.period.endIso,
    plan: planView(input.plan),
    usage: input.totals,
    limits: limitsView(input.plan.quotas, input.totals),
    rate_limit: rateLimitView(input.rate),
    storage: storageView(input.plan.storageBytes, input.stored),
    hosting: { proxied_bytes: input.traffic.proxiedBytes },
  };
}
