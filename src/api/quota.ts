import { secondsUntilPeriodEnd } from '../billing/period';
import type { Principal } from '../db/queries/accounts';
import type { RefusedReservation } from '../db/queries/usage';
import type { StorageRefusal } from '../db/queries/storage';
import type { UsageMetric } from '../db/schema';
import { ApiError } from '../errors/api-error';

const METRIC_NOUNS: Record<UsageMetric, string> = {
  text_tokens: 'text tokens',
  images_generated: 'images',
  audio_seconds: 'audio seconds',
  file_chats: 'file chats',
  plagiarism_checks: 'plagiarism checks',
};

/**
 * What a request holds of its plan's quota from the moment its job is queued until it is billed or fails
 * (see reserveUsage). `needs` words the amount for the refusal, when it is more than a bare number.
 */
export interface QuotaHold {
  metric: UsageMetric;
  quantity: number;
  needs?: string;
}

/** 429 quota_exceeded for a hold that did not fit, saying what is left: billed and held by queued requests both count. */
export function quotaExceeded(principal: Principal, hold: QuotaHold, refused: RefusedReservation, now = new Date()): ApiError {
  // Only a limited quota refuses; 0 stands in should an unlimited one ever be passed here.
  const quota = principal.quotas[hold.metric] ?? 0;
  const left = Math.max(0, quota - refused.used - refused.reserved);
  const inFlight = refused.reserved > 0 ? ` (${refused.reserved} held by requests still running)` : '';
  return new ApiError(
    'quota_exceeded',
    `This request needs ${hold.needs ?? hold.quantity} ${METRIC_NOUNS[hold.metric]} but the ${principal.planId} plan has ${left} of ${quota} left this billing period${inFlight}.`,
    { 'Retry-After': String(secondsUntilPeriodEnd(now)) },
  );
}

/** 413 storage_quota_exceeded: the stored bytes, the allowance, and what the refused upload needed. */
export function storageExceeded(principal: Principal, refused: Pick<StorageRefusal, 'used'> & { requested?: number }, what: string): ApiError {
  const needs = refused.requested === undefined ? 'needs room for its files' : `needs ${refused.requested} bytes of storage`;
  return new ApiError(
    'storage_quota_exceeded',
    `${what} ${needs}, but the account stores ${refused.used} of the ${principal.storageBytes} bytes the ${principal.planId} plan allows ` +
      `(${Math.max(0, principal.storageBytes - refused.used)} free). Delete files to make room, or move to a larger plan.`,
  );
}
