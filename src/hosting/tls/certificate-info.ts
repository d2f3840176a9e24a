import { type GeneralName, SubjectAlternativeNameExtension, X509Certificate } from './x509';
import { firstCertificatePem } from './pem';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Renew a month ahead: the same margin Let's Encrypt recommends for its 90-day certificates. */
export const DEFAULT_RENEW_BEFORE_MS = 30 * DAY_MS;

function leaf(pem: string): X509Certificate {
  return new X509Certificate(firstCertificatePem(pem));
}

/** notAfter of the leaf (the first certificate when given a chain). */
export function certificateExpiry(pem: string): Date {
  return leaf(pem).notAfter;
}

/** notBefore and notAfter of the leaf. */
export function certificateValidity(pem: string): { notBefore: Date; notAfter: Date } {
  const cert = leaf(pem);
  return { notBefore: cert.notBefore, notAfter: cert.notAfter };
}

export function needsRenewal(notAfter: Date, now: Date, renewBeforeMs = DEFAULT_RENEW_BEFORE_MS): boolean {
  return notAfter.getTime() - now.getTime() <= renewBeforeMs;
}

/** The leaf's subjectAltName DNS names and IP addresses (not its CN, which browsers ignore). */
export function certificateNames(pem: string): string[] {
  const san = leaf(pem).getExtension(SubjectAlternativeNameExtension);
  if (!san) return [];
  return san.names.items.filter((name: GeneralName) => name.type === 'dns' || name.type === 'ip').map((name: GeneralName) => name.value);
}
