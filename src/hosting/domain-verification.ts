import { type Actor, SYSTEM } from '../audit/actor';
import { recordAudit } from '../db/queries/audit';
import { findDomainById, recordDomainCheck, setNextDomainCheck, type DomainRow } from '../db/queries/domains';
import type { Runtime } from '../runtime';
import { domainDetailView } from './views';
import type { DomainStatus } from '../db/schema';
import { announceWebhookEvents, recordWebhookEvent } from '../webhooks/outbox';
import { checkDomainRecords, createResolver, DnsLookupError, requiredRecords, type DomainCheckObservation } from './domains';
import { MAX_CHECK_DELAY_MS, nextCheckDelayMs, verificationExpired, FIRST_CHECK_DELAY_MS } from './domains/verify-schedule';
import { tellEdges } from './publishing';

type Deps = Pick<Runtime, 'db' | 'config' | 'queues' | 'redis' | 'channels' | 'edgeRegistry' | 'log'>;

export function recordsFor(rt: Pick<Runtime, 'config'>, d: Pick<DomainRow, 'domain' | 'siteId' | 'token' | 'ownershipDomain'>) {
  return requiredRecords({
    domain: d.domain,
    siteId: d.siteId,
    hostingDomain: rt.config.HOSTING_DOMAIN,
    edgeIpv4: rt.config.EDGE_IPV4,
    token: d.token,
    ownershipDomain: d.ownershipDomain,
  });
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * One DNS check of a pending domain: both records seen → `verified` (then a certificate is queued and the
 * edge told); the window over → `failed`; otherwise still pending. A resolver failure (SERVFAIL, timeout)
 * decides nothing but still counts as a check, so the backoff goes on. `queued`: this is the automatic check
 * the schedule was waiting for (a manual one leaves the queued check in place).
 */
export async function checkDomainNow(rt: Deps, domainId: string, opts: { queued?: boolean; actor?: Actor } = {}): Promise<DomainRow | null> {
  // A scheduled check is the system's; one asked for names who asked.
  const actor = opts.actor ?? SYSTEM;
  const d = await findDomainById(rt.db, domainId);
  if (d?.status !== 'pending_verification') return d;
  let seen = { ownership: false, routing: false };
  let lastCheck: DomainCheckObservation;
  // The queued check is this one: until the next is scheduled, none is queued (a past time would mislead).
  const schedule = opts.queued ? { nextCheckAt: null } : {};
  try {
    const result = await checkDomainRecords(createResolver(rt.config.DNS_SERVERS), recordsFor(rt, d), { edgeIpv4: rt.config.EDGE_IPV4 });
    seen = result;
    lastCheck = { records: result.findings };
  } catch (err) {
    if (!(err instanceof DnsLookupError)) throw err;
    rt.log.warn({ domain: d.domain, err: { message: err.message } }, 'DNS lookup failed; will retry');
    // What the resolvers that did answer said is kept: it is what tells the user which one is failing.
    lastCheck = err.findings ? { records: err.findings, error: err.message } : { error: err.message };
  }
  if (seen.ownership && seen.routing) {
    try {
      const verified = await decideDomain(rt, d.id, 'verified', { verifiedAt: new Date(), lastCheck }, actor);
      // Null: another check decided first (and queued the certificate).
      if (!verified) return findDomainById(rt.db, d.id);
      await rt.queues.enqueue('certificate.issue', { id: d.id }, { jobId: `cert-${d.id}-${Date.now()}`, account: d.accountId });
      await tellEdges(rt, rt.log, { domain: d.domain, verified: true });
      rt.log.info({ domain: d.domain, site: d.siteId }, 'domain verified');
      return verified;
    } catch (err) {
      // Another account proved the same name first; this claim cannot become valid.
      if (!isUniqueViolation(err)) throw err;
      return (await decideDomain(rt, d.id, 'failed', { lastCheck }, actor)) ?? findDomainById(rt.db, d.id);
    }
  }
  if (verificationExpired(d.windowStartedAt, new Date(), rt.config.DOMAIN_VERIFY_WINDOW_MS)) {
    rt.log.info({ domain: d.domain }, 'domain verification window over; failed');
    return (await decideDomain(rt, d.id, 'failed', { lastCheck }, actor)) ?? findDomainById(rt.db, d.id);
  }
  // Null when another check decided meanwhile: the domain as it now is.
  return (await recordDomainCheck(rt.db, d.id, 'pending_verification', { lastCheck, ...schedule })) ?? findDomainById(rt.db, d.id);
}

/**
 * Records a check that ends verification and, in the same transaction, its event (`domain.verified` or
 * `domain.failed`), then wakes the webhook relay. Null when the domain was no longer pending.
 */
async function decideDomain(
  rt: Deps,
  id: string,
  status: Exclude<DomainStatus, 'pending_verification'>,
  extra: Parameters<typeof recordDomainCheck>[3],
  actor: Actor,
): Promise<DomainRow | null> {
  const { row, event } = await rt.db.transaction(async (tx) => {
    const row = await recordDomainCheck(tx, id, status, extra);
    const type = status === 'verified' ? 'domain.verified' : 'domain.failed';
    const event =
      row && (await recordWebhookEvent(tx, { accountId: row.accountId, type, data: domainDetailView(row, recordsFor(rt, row), rt.config.EDGE_IPV4) }));
    if (row) await recordAudit(tx, { accountId: row.accountId, actor, action: type, target: row.domain, detail: { site: row.siteId } });
    return { row, event };
  });
  if (row && event) await announceWebhookEvents(rt, rt.log, row.accountId);
  return row;
}

/** Queues the next automatic check: about DOMAIN_CHECK_BASE_MS, doubling per check, at most an hour. */
export async function scheduleDomainCheck(
  rt: Pick<Runtime, 'config' | 'queues' | 'db'>,
  d: Pick<DomainRow, 'id' | 'accountId' | 'checks' | 'windowStartedAt'>,
): Promise<Date> {
  const scale = rt.config.DOMAIN_CHECK_BASE_MS / FIRST_CHECK_DELAY_MS;
  const delay = Math.min(MAX_CHECK_DELAY_MS, Math.round(nextCheckDelayMs(d.checks) * scale));
  // The window start keeps a restarted window's jobs apart from the finished ones of the last window, which
  // BullMQ still holds for a day: a reused id would be dropped silently, and no check would come.
  await rt.queues.enqueue('domain.verify', { id: d.id }, { jobId: `verify-${d.id}-${d.windowStartedAt.getTime()}-${d.checks}`, delay, account: d.accountId });
  // Recorded after the enqueue succeeded, so the time GET shows is a check that will happen.
  const at = new Date(Date.now() + delay);
  await setNextDomainCheck(rt.db, d.id, at);
  return at;
}
