import { deleteCertificate, deleteDomain, insertDomain, restartVerification, verifiedElsewhere, type DomainRow } from '../db/queries/domains';
import type { DbOrTx } from '../db/client';
import { newId } from '../ids';
import type { Logger } from '../logger';
import type { Runtime } from '../runtime';
import { checkDomainNow, scheduleDomainCheck } from './domain-verification';
import { newVerificationToken, normalizeDomain } from './domains';
import { tellEdges } from './publishing';

/**
 * Adding, checking and removing an account's custom domain: what POST/DELETE /v1/hosting/domains… and the
 * dashboard's Domains pages both do, so the two cannot drift apart. Callers have already checked that the
 * account's plan includes hosting and that the site id is well formed; they turn refusals into their own
 * kind of error (an ApiError, a message on a form).
 */

type Deps = Pick<Runtime, 'db' | 'config' | 'queues' | 'redis' | 'channels' | 'log' | 'siteOwners'>;

export type AddDomainRefusal =
  /** normalizeDomain's reason, in words for the user. */
  | { reason: 'invalid_domain'; message: string }
  /** A name under HOSTING_DOMAIN: those sites are served there already. */
  | { reason: 'platform_domain'; hostingDomain: string }
  /** The site id belongs to another account. */
  | { reason: 'site_taken' }
  /** Another account has proven it is theirs. */
  | { reason: 'verified_elsewhere'; domain: string }
  /** On this account already, on any of its sites. */
  | { reason: 'already_added'; domain: string };

export type AddDomainResult = { ok: true; domain: DomainRow } | ({ ok: false } & AddDomainRefusal);

export async function addCustomDomain(rt: Deps, accountId: string, input: { siteId: string; domain: string }): Promise<AddDomainResult> {
  const n = normalizeDomain(input.domain);
  if (!n.ok) return { ok: false, reason: 'invalid_domain', message: n.reason };
  const hosting = rt.config.HOSTING_DOMAIN;
  if (n.domain === hosting || n.domain.endsWith(`.${hosting}`)) return { ok: false, reason: 'platform_domain', hostingDomain: hosting };
  if ((await rt.siteOwners.claim(accountId, input.siteId)) === 'taken') return { ok: false, reason: 'site_taken' };
  if (await verifiedElsewhere(rt.db, accountId, n.domain)) return { ok: false, reason: 'verified_elsewhere', domain: n.domain };
  const row = await insertDomain(rt.db, { id: newId('dom'), domain: n.domain, accountId, siteId: input.siteId, token: newVerificationToken() });
  // Only the (account, domain) index can refuse a pending row: the one-verified-per-name index does not cover it.
  if (!row) return { ok: false, reason: 'already_added', domain: n.domain };
  // The domain is added either way; without a queued check it waits for a manual one.
  await scheduleDomainCheck(rt, row).catch((err) => rt.log.warn({ err: { message: err.message } }, 'could not schedule domain check'));
  return { ok: true, domain: row };
}

/**
 * A check asked for by the user (not the schedule): on a failed domain it first starts a new verification
 * window, and queues that window's automatic checks if this one did not settle it. Answers the domain after.
 */
export async function checkCustomDomainNow(rt: Omit<Deps, 'siteOwners'>, domain: DomainRow): Promise<DomainRow> {
  let d = domain;
  // Read before the restart overwrites `d`: a new window needs its automatic checks queued again.
  const restarting = d.status === 'failed';
  if (restarting) d = (await restartVerification(rt.db, d.id)) ?? d;
  let checked = (await checkDomainNow(rt, d.id)) ?? d;
  if (checked.status === 'pending_verification' && restarting) checked = { ...checked, nextCheckAt: await scheduleDomainCheck(rt, checked) };
  return checked;
}

/**
 * Detaches a domain (and its certificate, if it had one) and tells the edges, so traffic stops at once.
 * `alsoInTx` runs in the same transaction: the dashboard records its audit entry there.
 */
export async function removeCustomDomain(
  rt: Pick<Runtime, 'db' | 'redis' | 'channels'>,
  log: Logger,
  d: Pick<DomainRow, 'id' | 'domain' | 'status'>,
  alsoInTx?: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  await rt.db.transaction(async (tx) => {
    await deleteDomain(tx, d.id);
    if (d.status === 'verified') await deleteCertificate(tx, d.domain);
    await alsoInTx?.(tx);
  });
  await tellEdges(rt, log, { domain: d.domain, removed: true });
}
