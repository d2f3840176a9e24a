import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { describeAddress } from './address-policy';
import { FetchRefusedError } from './fetch-refused-error';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export type AddressPredicate = (ip: string) => boolean;

/** A URL that passed every check, with the only addresses we may connect to for it. */
export interface FetchTarget {
  url: URL;
  /** Hostname as the socket layer wants it: IPv6 literals without brackets. */
  hostname: string;
  addresses: ResolvedAddress[];
}

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);

export const defaultHostLookup: HostLookup = async (hostname) => {
  // verbatim keeps the resolver's order; every answer is checked anyway.
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** How a target is named in user-facing messages: host and port, never path or query (they may hold tokens). */
export function targetLabel(url: URL, viaRedirect: boolean): string {
  return viaRedirect ? `redirect target ${url.host}` : url.host;
}

export function parseFetchUrl(input: string, viaRedirect: boolean, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new FetchRefusedError('invalid_url', viaRedirect ? 'source redirected to an invalid URL' : 'source URL is not a valid URL');
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) {
    const what = viaRedirect ? `source redirected to a ${url.protocol} URL` : `${url.protocol} URLs are not supported`;
    throw new FetchRefusedError('scheme', `${what}; only http and https can be fetched`);
  }
  if (url.username !== '' || url.password !== '') {
    // Credentials would be sent to whoever the URL points at and end up in logs and job records.
    throw new FetchRefusedError('invalid_url', `URLs with embedded credentials are not accepted (${targetLabel(url, viaRedirect)})`);
  }
  return url;
}

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Resolves the URL's host and checks every answer. One refused answer refuses
 * the whole host: picking "the public one" out of a mixed answer would let a
 * hostile DNS server steer later connections at internal addresses.
 */
export async function resolveTarget(
  url: URL,
  viaRedirect: boolean,
  lookup: HostLookup,
  isAllowed: AddressPredicate,
  signal: AbortSignal,
): Promise<FetchTarget> {
  const label = targetLabel(url, viaRedirect);
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literalFamily = isIP(hostname);
  if (literalFamily !== 0) {
    if (!isAllowed(hostname)) {
      throw new FetchRefusedError('private_address', `refused to fetch from ${label}: it is a non-public address (${describeAddress(hostname)})`);
    }
    return { url, hostname, addresses: [{ address: hostname, family: literalFamily === 6 ? 6 : 4 }] };
  }

  let addresses: ResolvedAddress[];
  try {
    addresses = await abortable(lookup(hostname), signal);
  } catch (err) {
    if (signal.aborted) throw err;
    throw new FetchRefusedError('dns', `could not resolve host ${label}`);
  }
  if (addresses.length === 0) throw new FetchRefusedError('dns', `could not resolve host ${label}`);
  const refused = addresses.find((a) => !isAllowed(a.address));
  if (refused) {
    // The address itself stays out of the message: it would let users map our internal DNS.
    throw new FetchRefusedError('private_address', `refused to fetch from ${label}: it resolves to a non-public address (${describeAddress(refused.address)})`);
  }
  return { url, hostname, addresses };
}
