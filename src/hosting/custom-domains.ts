import type { Actor } from '../audit/actor';
import { recordAudit } from '../db/queries/audit';
import { deleteCertificate, deleteDomain, insertDomain, restartVerification, unpairDomain, verifiedElsewhere, type DomainRow } from '../db/queries/domains';
import type { DbOrTx } from '../db/client';
import { newId } from '../ids';
import type { Logger } from '../logger';
import type { Runtime } from '../runtime';
import { checkDomainNow, scheduleDomainCheck } from './domain-verification';
import { newVerificationToken, normalizeDomain, wwwPair } from './domains';
import { tellEdges } from './publishing';

/**
 * Adding, checking and removing an account's custom domain: what POST/DELETE /v1/hosting/domains… and the
 * dashboard's Domains pages both do, so the two cannot drift apart. Callers have already checked that the
 * account's plan includes hosting and that the site id is well formed; they turn refusals into their own
 * kind of error (an ApiError, a message on a form).
 */

type Deps = Pick<Runtime, 'db' | 'config' | 'queues' | 'redis' | 'channels' | 'edgeRegistry' | 'log' | 'siteOwners'>;

export type AddDomainRefusal =
  /** normalizeDomain's reason, in words for the user (or why the name cannot have a www pair). */
  | { reason: 'invalid_domain'; message: string }
  /** A name under HOSTING_DOMAIN: those sites are served there already. */
  | { reason: 'platform_domain'; hostingDomain: string }
  /** The site id belongs to another account. */
  | { reason: 'site_taken' }
  /** Another account has proven it is theirs. */
  | { reason: 'verified_elsewhere'; domain: string }
  /** On this account already, on any of its sites. */
  | { reason: 'already_added'; domain: string };

/** `pair`: the other name when the domain was added with its www/apex pair. */
export type AddDomainResult = { ok: true; domain: DomainRow; pair?: DomainRow } | ({ ok: false } & AddDomainRefusal);

export interface AddDomainInput {
  siteId: string;
  domain: string;
  /** Also add the other name of the www/apex pair (example.com ↔ www.example.com); the non-canonical one redirects. */
  withWww?: boolean;
  /** Which name of the pair serves the site; the other answers 308 to it. Default `apex`. */
  canonical?: 'apex' | 'www';
}

/** Rolls back a pair's transaction when the second name is refused. */
class AlreadyAdded extends Error {
  constructor(readonly domain: string) {
    super(`${domain} already added`);
  }
}

/** Adds the domain (and its pair) with an audit event per name, naming `actor`, in the same transaction. */
export async function addCustomDomain(rt: Deps, accountId: string, input: AddDomainInput & { actor: Actor }): Promise<AddDomainResult> {
  const n = normalizeDomain(input.domain);
  if (!n.ok) return { ok: false, reason: 'invalid_domain', message: n.reason };
  const hosting = rt.config.HOSTING_DOMAIN;
  if (n.domain === hosting || n.domain.endsWith(`.${hosting}`)) return { ok: false, reason: 'platform_domain', hostingDomain: hosting };
  const pair = input.withWww ? wwwPair(n.domain) : null;
  if (input.withWww && !pair) {
    return { ok: false, reason: 'invalid_domain', message: `must be an apex domain such as example.com (or its www name) to be added with its www name` };
  }
  if ((await rt.siteOwners.claim(accountId, input.siteId)) === 'taken') return { ok: false, reason: 'site_taken' };
  for (const name of pair ? [pair.apex, pair.www] : [n.domain]) {
    if (await verifiedElsewhere(rt.db, accountId, name)) return { ok: false, reason: 'verified_elsewhere', domain: name };
  }
  const token = newVerificationToken();
  const base = { accountId, siteId: input.siteId, token };
  let rows: DomainRow[];
  const added = (tx: DbOrTx, row: DomainRow) =>
    recordAudit(tx, {
      accountId,
      actor: input.actor,
      action: 'domain.added',
      target: row.domain,
      detail: { site: row.siteId, ...(row.pairedWith ? { pairedWith: row.pairedWith } : {}) },
    });
  if (!pair) {
    const row = await rt.db.transaction(async (tx) => {
      const inserted = await insertDomain(tx, { id: newId('dom'), domain: n.domain, ...base });
      if (inserted) await added(tx, inserted);
      return inserted;
    });
    // Only the (account, domain) index can refuse a pending row: the one-verified-per-name index does not cover it.
    if (!row) return { ok: false, reason: 'already_added', domain: n.domain };
    rows = [row];
  } else {
    const wwwCanonical = input.canonical === 'www';
    try {
      rows = await rt.db.transaction(async (tx) => {
        // One TXT record proves both: whoever controls the apex's zone controls its www name. One token for both.
        const apex = await insertDomain(tx, { id: newId('dom'), domain: pair.apex, ...base, pairedWith: pair.www, redirects: wwwCanonical });
        if (!apex) throw new AlreadyAdded(pair.apex);
        const www = await insertDomain(tx, {
          id: newId('dom'),
          domain: pair.www,
          ...base,
          pairedWith: pair.apex,
          redirects: !wwwCanonical,
          ownershipDomain: pair.apex,
        });
        if (!www) throw new AlreadyAdded(pair.www);
        await added(tx, apex);
        await added(tx, www);
        return [apex, www];
      });
    } catch (err) {
      if (err instanceof AlreadyAdded) return { ok: false, reason: 'already_added', domain: err.domain };
      throw err;
    }
  }
  // The domain is added either way; without a queued check it waits for a manual one.
  for (const row of rows) {
    await scheduleDomainCheck(rt, row).catch((err) => rt.log.warn({ err: { message: err.message } }, 'could not schedule domain check'));
  }
  const typed = rows.find((r) => r.domain === n.domain)!;
  const other = rows.find((r) => r !== typed);
  return { ok: true, domain: typed, ...(other ? { pair: other } : {}) };
}

/**
 * A check asked for by the user (not the schedule): on a failed domain it first starts a new verification
 * window, and queues that window's automatic checks if this one did not settle it. Answers the domain after.
 */
export async function checkCustomDomainNow(rt: Omit<Deps, 'siteOwners'>, domain: DomainRow, actor: Actor): Promise<DomainRow> {
  let d = domain;
  // Read before the restart overwrites `d`: a new window needs its automatic checks queued again.
  const restarting = d.status === 'failed';
  if (restarting) d = (await restartVerification(rt.db, d.id)) ?? d;
  // A decision (verified, failed) is recorded with its change, naming `actor`; the check itself is noted after.
  let checked = (await checkDomainNow(rt, d.id, { actor })) ?? d;
  if (checked.status === 'pending_verification' && restarting) checked = { ...checked, nextCheckAt: await scheduleDomainCheck(rt, checked) };
  await recordAudit(rt.db, {
    accountId: domain.accountId,
    actor,
    action: 'domain.checked',
    target: domain.domain,
    detail: { before: domain.status, after: checked.status },
  });
  return checked;
}

/**
 * Detaches a domain (and its certificate, if it had one) and tells the edges, so traffic stops at once.
 * Removing one name of a www/apex pair leaves the other as a domain of its own, serving the site itself
 * (a redirect to a name no longer served would break it). Its audit event, naming `actor`, commits with it.
 */
export async function removeCustomDomain(
  rt: Pick<Runtime, 'db' | 'redis' | 'channels' | 'edgeRegistry'>,
  log: Logger,
  d: Pick<DomainRow, 'id' | 'domain' | 'status' | 'accountId' | 'pairedWith' | 'siteId'>,
  actor: Actor,
): Promise<void> {
  await rt.db.transaction(async (tx) => {
    await deleteDomain(tx, d.id);
    if (d.pairedWith) await unpairDomain(tx, d.accountId, d.domain, d.pairedWith);
    if (d.status === 'verified') await deleteCertificate(tx, d.domain);
    await recordAudit(tx, { accountId: d.accountId, actor, action: 'domain.removed', target: d.domain, detail: { site: d.siteId, status: d.status } });
  });
  await tellEdges(rt, log, { domain: d.domain, removed: true });
}
