import * as acme from 'acme-client';
import { describeProblem, toAcmeProblem, type AcmeProblem } from './acme-problem';
import { withRequestProblems } from './acme-request-problems';
import { trustCaForDirectory } from './acme-trust';
import { certificateValidity } from './certificate-info';
import type { Http01ChallengeStore } from './challenge-store';
import { createDeadline, type Deadline } from './deadline';
import type { IssuedCertificate } from './types';

const DEFAULT_TIMEOUT_MS = 3 * 60 * 1000;
// RFC 8555 §7.5.1 leaves polling cadence to the client; start fast (Pebble and Let's Encrypt
// usually validate within a second) and back off so a slow CA is not hammered.
const POLL_MIN_MS = 250;
const POLL_MAX_MS = 5_000;

export interface AcmeIssueOptions {
  directoryUrl: string;
  domain: string;
  /** PEM of an existing account key; a new ECDSA P-256 account is registered when absent. */
  accountKeyPem?: string;
  email?: string;
  challenges: Http01ChallengeStore;
  /** CA bundle trusted instead of the system roots for the directory's HTTPS origin (e.g. Pebble's). */
  caBundlePem?: string;
  /** Bound on the whole issuance, including CA-side validation. */
  timeoutMs?: number;
}

export type AcmeIssuedCertificate = IssuedCertificate & { accountKeyPem: string };

/**
 * Issuance failed; `message` is meant for the domain's `ssl` error field and logs. `problem` is the CA's
 * problem document when the CA refused (validation failed, order invalid), else Kiln's own description.
 */
export class AcmeIssuanceError extends Error {
  override readonly name = 'AcmeIssuanceError';
  constructor(
    message: string,
    readonly domain: string,
    readonly problem: AcmeProblem,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A step the CA answered with a problem document (a failed challenge, an invalid order). */
class CaProblemError extends Error {
  constructor(
    message: string,
    readonly problem: AcmeProblem,
  ) {
    super(message);
  }
}

type Challenge = acme.Authorization['challenges'][number];
type HttpChallenge = Extract<Challenge, { type: 'http-01' }>;

function isHttpChallenge(challenge: Challenge): challenge is HttpChallenge {
  return challenge.type === 'http-01';
}

function findHttpChallenge(authz: acme.Authorization): HttpChallenge {
  const challenge = authz.challenges.find(isHttpChallenge);
  if (!challenge) throw new Error(`CA offered no http-01 challenge for ${authz.identifier.value}`);
  return challenge;
}

async function pollUntil<T>(deadline: Deadline, fetch: () => Promise<T>, settled: (value: T) => boolean): Promise<T> {
  let delay = POLL_MIN_MS;
  for (;;) {
    deadline.check();
    const value = await fetch();
    if (settled(value)) return value;
    await deadline.sleep(delay);
    delay = Math.min(delay * 2, POLL_MAX_MS);
  }
}

async function authorize(
  client: acme.Client,
  order: acme.Order,
  authzUrl: string,
  deadline: Deadline,
  challenges: Http01ChallengeStore,
  placed: Set<string>,
): Promise<void> {
  const fetchAuthz = async () => {
    const [authz] = await client.getAuthorizations({ ...order, authorizations: [authzUrl] });
    if (!authz) throw new Error(`CA returned no authorization at ${authzUrl}`);
    return authz;
  };
  const authz = await fetchAuthz();
  // A CA may hand back an authorization it already validated for this account.
  if (authz.status === 'valid') return;
  const domain = authz.identifier.value;
  if (authz.status !== 'pending') {
    throw new Error(`authorization for ${domain} is ${authz.status}`);
  }

  const challenge = findHttpChallenge(authz);
  const keyAuthorization = await client.getChallengeKeyAuthorization(challenge);
  deadline.check();
  placed.add(challenge.token);
  await challenges.set(challenge.token, keyAuthorization);
  try {
    // The token must be servable before this call: the CA may validate immediately.
    await client.completeChallenge(challenge);
    const final = await pollUntil(deadline, fetchAuthz, (a) => a.status !== 'pending');
    if (final.status !== 'valid') {
      const failed = final.challenges.find(isHttpChallenge);
      const message = `HTTP-01 validation of ${domain} failed: ${describeProblem(failed?.error)}`;
      throw new CaProblemError(message, toAcmeProblem(failed?.error, message));
    }
  } finally {
    placed.delete(challenge.token);
    await challenges.remove(challenge.token);
  }
}

async function ensureAccount(client: acme.Client, opts: AcmeIssueOptions, existingKey: boolean): Promise<void> {
  if (existingKey) {
    // A plain re-registration of a known key makes acme-client send an "update" carrying only
    // termsOfServiceAgreed, which strict CAs (Pebble) reject; onlyReturnExisting looks it up instead.
    const found = await client.createAccount({ onlyReturnExisting: true }).then(
      () => true,
      () => false,
    );
    if (found) return;
  }
  await client.createAccount({
    termsOfServiceAgreed: true,
    ...(opts.email ? { contact: [`mailto:${opts.email}`] } : {}),
  });
}

async function issue(opts: AcmeIssueOptions, accountKeyPem: string, deadline: Deadline, placed: Set<string>): Promise<AcmeIssuedCertificate> {
  const client = new acme.Client({ directoryUrl: opts.directoryUrl, accountKey: accountKeyPem });
  await ensureAccount(client, opts, opts.accountKeyPem !== undefined);
  deadline.check();

  let order = await client.createOrder({ identifiers: [{ type: 'dns', value: opts.domain }] });
  for (const authzUrl of order.authorizations) {
    deadline.check();
    await authorize(client, order, authzUrl, deadline, opts.challenges, placed);
  }

  const keyPem = (await acme.crypto.createPrivateEcdsaKey('P-256')).toString();
  const [, csr] = await acme.crypto.createCsr({ commonName: opts.domain, altNames: [opts.domain] }, keyPem);
  deadline.check();
  order = await client.finalizeOrder(order, csr);
  order = await pollUntil(
    deadline,
    () => client.getOrder(order),
    (o) => o.status !== 'processing' && o.status !== 'ready',
  );
  if (order.status !== 'valid') {
    const message = `order for ${opts.domain} ended ${order.status}: ${describeProblem(order.error)}`;
    throw new CaProblemError(message, toAcmeProblem(order.error, message));
  }
  const certPem = await client.getCertificate(order);
  const { notBefore, notAfter } = certificateValidity(certPem);
  return { certPem, keyPem, notBefore, notAfter, issuer: 'acme', accountKeyPem };
}

/**
 * Orders a certificate for one domain over RFC 8555 with HTTP-01 only. The key authorization is in
 * `challenges` only while the CA validates; on every outcome, including a timeout, it is removed
 * before this settles. Rejects with AcmeIssuanceError.
 */
export async function issueAcmeCertificate(opts: AcmeIssueOptions): Promise<AcmeIssuedCertificate> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = createDeadline(timeoutMs);
  const release = opts.caBundlePem ? trustCaForDirectory(opts.directoryUrl, opts.caBundlePem) : () => {};
  // Tokens currently in the store, so a timeout can take them out even while a step is still in flight.
  const placed = new Set<string>();
  try {
    const accountKeyPem = opts.accountKeyPem ?? (await acme.crypto.createPrivateEcdsaKey('P-256')).toString();
    return await withRequestProblems(async (problemFor) => {
      const work = issue(opts, accountKeyPem, deadline, placed).catch((err) => {
        // A request the CA refused: the whole problem document, not just the detail acme-client kept.
        const problem = problemFor(err);
        throw problem ? new CaProblemError(err.message, toAcmeProblem(problem, err.message)) : err;
      });
      // After a timeout the abandoned steps stop at their next deadline check; nothing may observe them.
      work.catch(() => {});
      return await deadline.race(work);
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const message = `ACME issuance for ${opts.domain} failed: ${reason}`;
    const problem = err instanceof CaProblemError ? err.problem : { detail: message };
    throw new AcmeIssuanceError(message, opts.domain, problem, { cause: err });
  } finally {
    deadline.clear();
    await Promise.all([...placed].map((token) => opts.challenges.remove(token).catch(() => {})));
    release();
  }
}
