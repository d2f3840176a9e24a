import * as v from 'valibot';
import { USAGE_METRICS } from '../db/schema';

/** The `data` of `usage.quota_warning` and `usage.quota_exceeded`. */
export const quotaEventSchema = v.object({
  metric: v.picklist(USAGE_METRICS),
  used: v.pipe(v.number(), v.description("The period's total once the bill that crossed the threshold was added.")),
  quota: v.pipe(v.number(), v.description("The plan's quota of this metric for the period.")),
  period_start: v.string(),
  period_end: v.string(),
});
