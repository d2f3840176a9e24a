import { checkQuota } from '../billing/quota';
import type { UsageCache } from '../billing/usage-cache';
import type { Principal } from '../db/queries/accounts';
import type { UsageMetric } from '../db/schema';
import { ApiError } from './errors';

const METRIC_NOUNS: Record<UsageMetric, string> = {
  text_tokens: 'text tokens',
  images_generated: 'images',
  audio_seconds: 'audio seconds',
  file_chats: 'file chats',
};

export async function requireQuota(usage: UsageCache, principal: Principal, metric: UsageMetric, amount: number): Promise<void> {
  const d = await checkQuota(usage, principal, metric, amount);
  if (d.allowed) return;
  throw new ApiError(
    'quota_exceeded',
    `This request needs ${amount} ${METRIC_NOUNS[metric]} but the ${principal.planId} plan has ${Math.max(0, d.quota - d.used)} of ${d.quota} left this billing period.`,
    { 'Retry-After': String(d.resetSeconds) },
  );
}
