/** The billing period is the calendar month in UTC. */
export interface BillingPeriod {
  start: Date;
  end: Date;
  /** `YYYY-MM-01`, the key under which usage is totalled. */
  key: string;
  startIso: string;
  endIso: string;
}

export function billingPeriodOf(at: Date): BillingPeriod {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end, key: start.toISOString().slice(0, 10), startIso: start.toISOString(), endIso: end.toISOString() };
}

let current: BillingPeriod | undefined;

/** The period containing `now`, computed once per month rather than per request. */
export function currentBillingPeriod(now = Date.now()): BillingPeriod {
  if (!current || now < current.start.getTime() || now >= current.end.getTime()) current = billingPeriodOf(new Date(now));
  return current;
}

/** Whole seconds until the period ends, at least 1: the Retry-After of a quota refusal. */
export function secondsUntilPeriodEnd(at: Date): number {
  return Math.max(1, Math.ceil((billingPeriodOf(at).end.getTime() - at.getTime()) / 1000));
}
