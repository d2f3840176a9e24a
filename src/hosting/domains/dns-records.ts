import { randomBytes } from 'node:crypto';
import { getDomain } from 'tldts';

export type DnsRecordType = 'TXT' | 'CNAME' | 'A';

export interface DnsRecord {
  type: DnsRecordType;
  name: string;
  value: string;
}

export interface RequiredRecordsInput {
  /** Already normalised (see normalizeDomain). */
  domain: string;
  siteId: string;
  hostingDomain: string;
  edgeIpv4: string;
  token: string;
  /** Where the ownership TXT record lives when not at the domain itself: a www/apex pair's www name uses its apex's. */
  ownershipDomain?: string | null;
}

export const OWNERSHIP_LABEL = '_kiln-challenge';
export const OWNERSHIP_PREFIX = 'kiln-verify=';

/**
 * True when the domain is the registrable domain itself (example.com, example.co.uk), where a CNAME
 * is not allowed because the zone's SOA and NS records live at that name.
 *
 * Only the ICANN section of the public suffix list is used. ICANN registrable domains are always
 * delegated zones, so the apex answer is reliable. Private-section suffixes (github.io,
 * herokuapp.com, …) mostly name hosts inside the operator's own zone, where a CNAME is fine; the few
 * that do delegate real zones are covered because the checker also accepts an A record pointing at
 * the edge for a subdomain (what CNAME flattening produces anyway).
 */
export function isApexDomain(domain: string): boolean {
  return getDomain(domain, { allowPrivateDomains: false }) === domain;
}

/** Ownership record first, then routing: the order the user is shown them in. */
export function requiredRecords(input: RequiredRecordsInput): DnsRecord[] {
  const { domain, siteId, hostingDomain, edgeIpv4, token } = input;
  const ownership: DnsRecord = {
    type: 'TXT',
    name: ownershipRecordName(input.ownershipDomain ?? domain),
    value: `${OWNERSHIP_PREFIX}${token}`,
  };
  const routing: DnsRecord = isApexDomain(domain)
    ? { type: 'A', name: domain, value: edgeIpv4 }
    : { type: 'CNAME', name: domain, value: `${siteId}.${hostingDomain.replace(/\.$/, '')}`.toLowerCase() };
  return [ownership, routing];
}

export function ownershipRecordName(domain: string): string {
  return `${OWNERSHIP_LABEL}.${domain}`;
}

/** 128 bits: unguessable, so seeing it in DNS proves the user controls the zone. */
export function newVerificationToken(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The two names of a www/apex pair for what the user typed (the apex or its www name), or null when it is
 * neither (blog.example.com has no www pair).
 */
export function wwwPair(domain: string): { apex: string; www: string } | null {
  const apex = domain.startsWith('www.') && isApexDomain(domain.slice(4)) ? domain.slice(4) : domain;
  return isApexDomain(apex) ? { apex, www: `www.${apex}` } : null;
}
