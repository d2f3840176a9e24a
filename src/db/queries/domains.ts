import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { acmeChallenges, certificates, domains, tlsSecrets, type DomainStatus, type SslStatus } from '../schema';
import { keysetPage, type Page, type PageRequest } from './keyset-page';

export type DomainRow = typeof domains.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;

export async function insertDomain(
  db: DbOrTx,
  row: {
    id: string;
    domain: string;
    accountId: string;
    siteId: string;
    token: string;
    pairedWith?: string;
    redirects?: boolean;
    ownershipDomain?: string;
  },
): Promise<DomainRow | null> {
  const [inserted] = await db.insert(domains).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findAccountDomain(db: DbOrTx, accountId: string, domain: string): Promise<DomainRow | null> {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.accountId, accountId), eq(domains.domain, domain)));
  return row ?? null;
}

export async function findDomainById(db: DbOrTx, id: string): Promise<DomainRow | null> {
  const [row] = await db.select().from(domains).where(eq(domains.id, id));
  return row ?? null;
}

/** Whether an account other than `accountId` has proven ownership of `domain`. */
export async function verifiedElsewhere(db: DbOrTx, accountId: string, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.domain, domain), eq(domains.status, 'verified'), ne(domains.accountId, accountId)));
  return Boolean(row);
}

export async function deleteDomain(db: DbOrTx, id: string): Promise<void> {
  await db.delete(domains).where(eq(domains.id, id));
}

/** The other member of a removed pair becomes a domain of its own (it serves the site itself); null when there is none. */
export async function unpairDomain(db: DbOrTx, accountId: string, domain: string, pairedWith: string): Promise<DomainRow | null> {
  const [row] = await db
    .update(domains)
    .set({ pairedWith: null, redirects: false })
    .where(and(eq(domains.accountId, accountId), eq(domains.domain, pairedWith), eq(domains.pairedWith, domain)))
    .returning();
  return row ?? null;
}

/**
 * A check that ends verification (verified, failed) also ends the schedule: no next check is shown. Only a
 * pending domain is checked: null when it is no longer pending (another check decided first) or gone.
 */
export async function recordDomainCheck(
  db: DbOrTx,
  id: string,
  status: DomainStatus,
  extra: Partial<Pick<DomainRow, 'verifiedAt' | 'lastCheck' | 'nextCheckAt'>> = {},
) {
  const [row] = await db
    .update(domains)
    .set({
      status,
      checks: sql`${domains.checks} + 1`,
      lastCheckedAt: new Date(),
      ...(status === 'pending_verification' ? {} : { nextCheckAt: null }),
      ...extra,
    })
    .where(and(eq(domains.id, id), eq(domains.status, 'pending_verification')))
    .returning();
  return row ?? null;
}

/** When the queued automatic check of a still-pending domain will run. */
export async function setNextDomainCheck(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(domains)
    .set({ nextCheckAt: at })
    .where(and(eq(domains.id, id), eq(domains.status, 'pending_verification')));
}

/** `verify` on a failed domain starts a new verification window. */
export async function restartVerification(db: DbOrTx, id: string) {
  const [row] = await db
    .update(domains)
    .set({ status: 'pending_verification', windowStartedAt: new Date(), checks: 0 })
    .where(and(eq(domains.id, id), eq(domains.status, 'failed')))
    .returning();
  return row ?? null;
}

/** Sets the domain's certificate status; returns the row and whether `ssl` changed (null when the domain is gone). */
export async function setSslStatus(
  db: DbOrTx,
  id: string,
  ssl: SslStatus,
  sslError: string | null = null,
  sslProblem: DomainRow['sslProblem'] = sslError === null ? null : { detail: sslError },
): Promise<{ row: DomainRow; changed: boolean } | null> {
  // The old value, read under the row lock the update takes anyway: two workers cannot both see the change.
  const [old] = await db.select({ ssl: domains.ssl }).from(domains).where(eq(domains.id, id)).for('update');
  if (!old) return null;
  const [row] = await db.update(domains).set({ ssl, sslError, sslProblem }).where(eq(domains.id, id)).returning();
  return row ? { row, changed: old.ssl !== ssl } : null;
}

/** Verified custom domains with their site: the edge's routing table for custom hosts. */
export async function verifiedDomains(db: DbOrTx) {
  return db
    .select({
      id: domains.id,
      accountId: domains.accountId,
      domain: domains.domain,
      siteId: domains.siteId,
      ssl: domains.ssl,
      pairedWith: domains.pairedWith,
      redirects: domains.redirects,
    })
    .from(domains)
    .where(eq(domains.status, 'verified'));
}

export async function saveCertificate(db: DbOrTx, cert: Omit<CertificateRow, 'updatedAt'>) {
  await db
    .insert(certificates)
    .values(cert)
    .onConflictDoUpdate({ target: certificates.hostname, set: { ...cert, updatedAt: new Date() } });
}

export async function findCertificate(db: DbOrTx, hostname: string): Promise<CertificateRow | null> {
  const [row] = await db.select().from(certificates).where(eq(certificates.hostname, hostname));
  return row ?? null;
}

export async function deleteCertificate(db: DbOrTx, hostname: string) {
  await db.delete(certificates).where(eq(certificates.hostname, hostname));
}

export async function allCertificates(db: DbOrTx) {
  return db.select().from(certificates);
}

export async function certificatesExpiringBefore(db: DbOrTx, before: Date) {
  return db.select({ hostname: certificates.hostname }).from(certificates).where(lte(certificates.notAfter, before));
}

/** Returns the stored secret, creating it with `make` the first time (safe when two processes race). */
export async function getOrCreateTlsSecret(db: DbOrTx, name: string, make: () => Promise<{ certPem?: string; keyPem: string }>) {
  const [existing] = await db.select().from(tlsSecrets).where(eq(tlsSecrets.name, name));
  if (existing) return existing;
  const made = await make();
  await db
    .insert(tlsSecrets)
    .values({ name, certPem: made.certPem ?? null, keyPem: made.keyPem })
    .onConflictDoNothing();
  const [row] = await db.select().from(tlsSecrets).where(eq(tlsSecrets.name, name));
  return row!;
}

export async function putAcmeChallenge(db: DbOrTx, token: string, keyAuthorization: string) {
  await db.insert(acmeChallenges).values({ token, keyAuthorization }).onConflictDoUpdate({ target: acmeChallenges.token, set: { keyAuthorization } });
}

export async function removeAcmeChallenge(db: DbOrTx, token: string) {
  await db.delete(acmeChallenges).where(eq(acmeChallenges.token, token));
}

export async function findAcmeChallenge(db: DbOrTx, token: string): Promise<string | null> {
  const [row] = await db.select({ k: acmeChallenges.keyAuthorization }).from(acmeChallenges).where(eq(acmeChallenges.token, token));
  return row?.k ?? null;
}

/** Up to `limit` pending HTTP-01 challenges: the table only holds those a CA is validating right now. */
export async function pendingAcmeChallenges(db: DbOrTx, limit: number): Promise<{ token: string; keyAuthorization: string }[]> {
  return db.select({ token: acmeChallenges.token, keyAuthorization: acmeChallenges.keyAuthorization }).from(acmeChallenges).limit(limit);
}

/** GET /v1/hosting/domains: the account's domains, newest first, narrowed by the filters given. */
export async function listAccountDomains(
  db: DbOrTx,
  accountId: string,
  filters: { siteId?: string; status?: DomainStatus },
  page: PageRequest,
): Promise<Page<DomainRow>> {
  return keysetPage(domains, page, ({ where, orderBy, limit }) =>
    db
      .select()
      .from(domains)
      .where(
        and(
          eq(domains.accountId, accountId),
          filters.siteId !== undefined ? eq(domains.siteId, filters.siteId) : undefined,
          filters.status !== undefined ? eq(domains.status, filters.status) : undefined,
          where,
        ),
      )
      .orderBy(...orderBy)
      .limit(limit),
  );
}
