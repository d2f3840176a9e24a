import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { type BillingPeriod, currentBillingPeriod } from '../../../billing/period';
import { usageReportSchema, usageTotalsSchema, usageReportView } from '../../../billing/usage-view';
import { type UsageBreakdown, usageBreakdown, USAGE_GROUPINGS, type UsageGrouping } from '../../../db/queries/usage';
import { PRODUCTS, USAGE_METRICS } from '../../../db/schema';
import type { Runtime } from '../../../runtime';
import type { App, AppEnv } from '../../context';
import { invalidParameter } from '../../../errors/api-error';
import { errorResponses } from '../../schemas/responses';
import type { Context } from 'hono';

const dayRowSchema = v.object({ date: v.pipe(v.string(), v.description('A UTC day, `YYYY-MM-DD`.')), usage: usageTotalsSchema });
const keyRowSchema = v.object({
  key_id: v.pipe(v.nullable(v.string()), v.description('Null for usage billed before keys were recorded.')),
  label: v.nullable(v.string()),
  prefix: v.pipe(v.nullable(v.string()), v.description('The first characters of the key, as key listings show them.')),
  usage: usageTotalsSchema,
});
const productRowSchema = v.object({
  product: v.pipe(v.nullable(v.picklist(PRODUCTS)), v.description('Null for usage billed before products were recorded.')),
  usage: usageTotalsSchema,
});

export const usageBreakdownReportSchema = v.object({
  ...usageReportSchema.entries,
  breakdown: v.pipe(
    v.union([v.array(dayRowSchema), v.array(keyRowSchema), v.array(productRowSchema)]),
    v.description('Only with `group_by`. The entries add up to `usage` exactly.'),
  ),
});

/**
 * `group_by` when the request names one. The plain request (no query string) is the hot path and costs
 * nothing here; anything but one known value is refused rather than answered as the plain report.
 */
function readGroupBy(c: Context<AppEnv>): UsageGrouping | undefined {
  if (!c.req.url.includes('?')) return undefined;
  const values = c.req.queries('group_by');
  if (values === undefined) return undefined;
  const [value] = values;
  if (values.length !== 1 || !(USAGE_GROUPINGS as readonly string[]).includes(value!)) {
    throw invalidParameter(`'group_by' must be one of ${USAGE_GROUPINGS.join(', ')}.`, 'group_by');
  }
  return value as UsageGrouping;
}

const metricsOf = (at: (metric: (typeof USAGE_METRICS)[number]) => number) => Object.fromEntries(USAGE_METRICS.map((m) => [m, at(m)]));

function breakdownView(report: UsageBreakdown) {
  switch (report.groupBy) {
    case 'day':
      return report.perDay.days.map((date, i) => ({ date, usage: metricsOf((m) => report.perDay.series[m][i] ?? 0) }));
    case 'key':
      return report.perKey.map((k) => ({ key_id: k.keyId, label: k.label, prefix: k.prefix, usage: k.usage }));
    case 'product':
      return report.perProduct.map((p) => ({ product: p.product, usage: p.usage }));
  }
}

/** The plain report's parts: the cached totals, storage and traffic (no query unless something changed since the last read). */
async function reportParts(rt: Pick<Runtime, 'usage'>, accountId: string, period: BillingPeriod) {
  const [stored, traffic] = await Promise.all([rt.usage.storage(accountId), rt.usage.traffic(accountId, period.key)]);
  return { stored, traffic };
}

/** The limiter's decision on this request (the rate limit middleware runs before every /v1 route). */
function rateOf(c: Context<AppEnv>) {
  const decision = c.get('rateLimit');
  if (decision) return decision;
  // Not reached through the API app; the limit the key would be held to, with nothing spent.
  const p = c.get('principal');
  const limit = p.keyRateLimitPerMinute === null ? p.rateLimitPerMinute : Math.min(p.rateLimitPerMinute, p.keyRateLimitPerMinute);
  return { limit, remaining: limit, resetSeconds: 0 };
}

export function registerUsage(app: App, rt: Pick<Runtime, 'usage' | 'db'>) {
  app.get(
    '/usage',
    describeRoute({
      tags: ['Usage'],
      summary: 'Usage in the current billing period',
      description:
        'Totals of everything billed to the account since the start of the current calendar month (UTC). With `group_by`, ' +
        'the answer adds `breakdown`: the same totals split by day, by API key or by product, read together with the totals ' +
        'so that the entries add up to them exactly. `plan` names the account’s plan; `limits` gives each metric’s quota, use and ' +
        'what is left (`limit` and `remaining` null: unlimited); `rate_limit` is the request rate limit as this answer’s ' +
        '`RateLimit-*` headers give it. `storage` is what the account stores now (files and hosted sites) against ' +
        'its plan’s allowance. `hosting` is the period’s traffic of the account’s hosted sites.',
      parameters: [
        {
          in: 'query',
          name: 'group_by',
          required: false,
          description:
            '`day`: one entry per UTC day of the period so far, zeros included. `key`: one per API key that was billed ' +
            '(`key_id` null for usage from before keys were recorded). `product`: one per product that was billed.',
          schema: { type: 'string', enum: [...USAGE_GROUPINGS] },
        },
      ],
      responses: {
        200: {
          description: 'Usage report; with `group_by`, also `breakdown`',
          content: { 'application/json': { schema: resolver(v.union([usageReportSchema, usageBreakdownReportSchema])) } },
        },
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    async (c) => {
      const period = currentBillingPeriod();
      const principal = c.get('principal');
      const accountId = principal.accountId;
      const groupBy = readGroupBy(c);
      const rate = rateOf(c);
      if (groupBy === undefined) {
        const [totals, parts] = await Promise.all([rt.usage.totals(accountId, period.key), reportParts(rt, accountId, period)]);
        return c.json(usageReportView({ period, plan: principal, totals, rate, ...parts }));
      }
      const [report, parts] = await Promise.all([usageBreakdown(rt.db, accountId, period, groupBy), reportParts(rt, accountId, period)]);
      return c.json({ ...usageReportView({ period, plan: principal, totals: report.totals, rate, ...parts }), breakdown: breakdownView(report) });
    },
  );
}
