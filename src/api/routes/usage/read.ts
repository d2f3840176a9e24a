import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { currentBillingPeriod } from '../../../billing/period';
import { type UsageBreakdown, usageBreakdown, USAGE_GROUPINGS, type UsageGrouping } from '../../../db/queries/usage';
import { PRODUCTS, USAGE_METRICS } from '../../../db/schema';
import type { Runtime } from '../../../runtime';
import type { App, AppEnv } from '../../context';
import { invalidParameter } from '../../../errors/api-error';
import { errorResponses } from '../../schemas/responses';
import type { Context } from 'hono';

const usageTotalsSchema = v.object({
  text_tokens: v.number(),
  images_generated: v.number(),
  audio_seconds: v.number(),
  file_chats: v.number(),
  plagiarism_checks: v.number(),
});

const storageSchema = v.pipe(
  v.object({
    used_bytes: v.pipe(v.number(), v.description('Everything stored now: `file_bytes` + `site_bytes`.')),
    allowed_bytes: v.pipe(
      v.number(),
      v.description('The plan’s storage allowance. An upload or deploy that would pass it is refused (413 `storage_quota_exceeded`).'),
    ),
    file_bytes: v.pipe(v.number(), v.description('Uploaded files and plagiarism sources not deleted (the bytes sent).')),
    site_bytes: v.pipe(v.number(), v.description('Hosted sites: each distinct file content across the account’s deployments, counted once.')),
  }),
  v.description('What the account stores now (not per period): freed when files are deleted.'),
);

const hostingSchema = v.pipe(
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
  usage: usageTotalsSchema,
  storage: storageSchema,
  hosting: hostingSchema,
});

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
    throw invalidParameter(`'group_by' must be one of ${USAGE_GROUPINGS.join(', ')}.`);
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

async function storageView(rt: Pick<Runtime, 'usage'>, c: Context<AppEnv>) {
  const principal = c.get('principal');
  const stored = await rt.usage.storage(principal.accountId);
  return {
    used_bytes: stored.fileBytes + stored.siteBytes,
    allowed_bytes: principal.storageBytes,
    file_bytes: stored.fileBytes,
    site_bytes: stored.siteBytes,
  };
}

async function hostingView(rt: Pick<Runtime, 'usage'>, accountId: string, period: { key: string }) {
  const { proxiedBytes } = await rt.usage.traffic(accountId, period.key);
  return { proxied_bytes: proxiedBytes };
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
        'so that the entries add up to them exactly. `storage` is what the account stores now (files and hosted sites) against ' +
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
      const accountId = c.get('principal').accountId;
      const groupBy = readGroupBy(c);
      if (groupBy === undefined) {
        // The cached totals, storage and traffic: no query unless the account was billed, stored or deleted
        // something, or an edge recorded traffic for it, since the last read.
        const [usage, storage, hosting] = await Promise.all([rt.usage.totals(accountId, period.key), storageView(rt, c), hostingView(rt, accountId, period)]);
        return c.json({ period_start: period.startIso, period_end: period.endIso, usage, storage, hosting });
      }
      const [report, storage, hosting] = await Promise.all([
        usageBreakdown(rt.db, accountId, period, groupBy),
        storageView(rt, c),
        hostingView(rt, accountId, period),
      ]);
      return c.json({ period_start: period.startIso, period_end: period.endIso, usage: report.totals, storage, hosting, breakdown: breakdownView(report) });
    },
  );
}
