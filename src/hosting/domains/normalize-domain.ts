import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { getDomain } from 'tldts';

export type NormalizeDomainResult = { ok: true; domain: string } | { ok: false; reason: string };

const MAX_LABEL = 63;
const MAX_NAME = 253;
const LDH_LABEL = /^[a-z0-9-]+$/;

/**
 * Turns what a user typed into the canonical hostname we store and look up, or explains (in words
 * meant for that user) why it cannot be one. Specific shapes people paste by mistake — URLs, ports,
 * trailing dots — get their own message because "invalid domain" alone does not tell them what to fix.
 */
export function normalizeDomain(input: unknown): NormalizeDomainResult {
  if (typeof input !== 'string') return fail('domain must be a string');
  const raw = input.trim();
  if (raw === '') return fail('domain must not be empty');

  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return fail('enter the domain without a scheme such as https://');
  if (raw.startsWith('[') || isIP(raw) !== 0) return fail('IP addresses are not allowed; enter a domain name');
  if (raw.includes('/')) {
    return fail(raw.indexOf('/') === raw.length - 1 ? 'remove the trailing slash' : 'enter the domain without a path');
  }
  if (raw.includes('?') || raw.includes('#')) return fail('enter the domain without a query string or fragment');
  if (/:\d*$/.test(raw)) return fail('enter the domain without a port');
  if (raw.includes('*')) return fail('wildcard domains are not supported; add each hostname separately');
  // Underscores are legal in DNS but not in hostnames, and no CA will issue a certificate for one.
  if (raw.includes('_')) return fail('underscores are not allowed in domain names');
  // The URL host parser would percent-decode, accepting what no DNS host would let the user enter.
  if (raw.includes('%')) return fail('the domain contains characters that are not allowed');
  if (raw.endsWith('.')) return fail('remove the trailing dot');
  if (raw.startsWith('.') || raw.includes('..')) return fail('the domain has an empty part (two dots in a row or a leading dot)');

  // domainToASCII applies UTS #46 mapping (so it also lowercases and turns ideographic full stops
  // into dots); it returns '' for names it cannot map, including malformed xn-- labels.
  const ascii = domainToASCII(raw);
  if (ascii === '') return fail('not a valid domain name');
  // The WHATWG host parser rewrites numeric names (127.1, 0x7f.1) into dotted IPv4.
  if (isIP(ascii) !== 0) return fail('IP addresses are not allowed; enter a domain name');
  // Ideographic full stops (。) only become dots here.
  if (ascii.endsWith('.')) return fail('remove the trailing dot');

  const labels = ascii.split('.');
  if (labels.length < 2) return fail('enter a full domain name such as example.com');
  if (ascii.length > MAX_NAME) return fail(`the domain must be at most ${MAX_NAME} characters long`);
  for (const label of labels) {
    if (label === '') return fail('the domain has an empty part (two dots in a row or a leading dot)');
    if (label.length > MAX_LABEL) return fail(`each part of the domain must be at most ${MAX_LABEL} characters long`);
    if (label.startsWith('-') || label.endsWith('-')) return fail('parts of the domain cannot start or end with a hyphen');
    if (!LDH_LABEL.test(label)) return fail('the domain contains characters that are not allowed');
  }
  // No top-level domain is numeric; a name ending in digits would be an IP address to a browser.
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) return fail('IP addresses are not allowed; enter a domain name');

  // ICANN section only, matching isApexDomain: a name is refused exactly when nobody can register it.
  if (getDomain(ascii, { allowPrivateDomains: false }) === null) {
    return fail(`${ascii} is a public suffix, not a registrable domain; enter a domain you own, such as example.${ascii}`);
  }
  return { ok: true, domain: ascii };
}

function fail(reason: string): NormalizeDomainResult {
  return { ok: false, reason };
}
