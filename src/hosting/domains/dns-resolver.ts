import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { RecordFinding } from './check-domain';

/** The three lookups domain verification needs; TXT answers come back with their chunks joined. */
export interface DomainResolver {
  resolveTxt(name: string): Promise<string[]>;
  resolveCname(name: string): Promise<string[]>;
  resolve4(name: string): Promise<string[]>;
  /**
   * The same lookup asked of each configured resolver on its own, for diagnostics: resolvers can
   * disagree while a change propagates, and one of several may be failing. Never throws.
   */
  lookupEach(name: string, rrtype: LookupType): Promise<ResolverAnswer[]>;
}

export type LookupType = 'TXT' | 'CNAME' | 'A';

/**
 * What one resolver said. `answer` has values; `nxdomain` (the name does not exist) and `nodata` (it
 * exists, without records of this type) are authoritative empty answers; the rest are failures that
 * decide nothing.
 */
export type LookupOutcome = 'answer' | 'nxdomain' | 'nodata' | 'servfail' | 'refused' | 'timeout' | 'unreachable' | 'error';

export interface ResolverAnswer {
  /** The DNS_SERVERS entry asked, or `system` for the host's resolvers. */
  resolver: string;
  type: LookupType;
  outcome: LookupOutcome;
  values: string[];
  /** The resolver library's code for a failure (ESERVFAIL, ETIMEOUT, …). */
  code?: string;
}

export const SYSTEM_RESOLVER = 'system';

/** True for outcomes that are an answer (even an empty one), as opposed to a failed lookup. */
export function answered(outcome: LookupOutcome): boolean {
  return outcome === 'answer' || outcome === 'nxdomain' || outcome === 'nodata';
}

/**
 * The resolver could not give an answer (SERVFAIL, timeout, refused, …). Distinct from "no such
 * record" so that callers retry later instead of concluding the user has not set the record up.
 * `findings`: what the check saw anyway, per record (set by checkDomainRecords).
 */
export class DnsLookupError extends Error {
  override readonly name = 'DnsLookupError';
  findings?: RecordFinding[];
  constructor(
    readonly hostname: string,
    readonly rrtype: string,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(`DNS ${rrtype} lookup for ${hostname} failed: ${code}`, options);
  }
}

// NXDOMAIN comes back as ENOTFOUND and "name exists, no records of this type" as ENODATA: both are
// authoritative answers, just empty ones.
const EMPTY_ANSWER_CODES = new Set(['ENOTFOUND', 'ENODATA']);

const OUTCOME_BY_CODE: Record<string, LookupOutcome> = {
  ENOTFOUND: 'nxdomain',
  ENODATA: 'nodata',
  ESERVFAIL: 'servfail',
  EREFUSED: 'refused',
  ETIMEOUT: 'timeout',
  ECONNREFUSED: 'unreachable',
};

const DEFAULT_TRIES = 2;

/**
 * `servers` is what parseDnsServers returns; undefined uses the system resolvers. c-ares doubles the
 * timeout on each retry, so the worst case for one lookup is about timeoutMs * (2^tries - 1).
 */
export function createResolver(servers: string[] | undefined, timeoutMs = 3000, tries = DEFAULT_TRIES): DomainResolver {
  const all = makeResolver(servers, timeoutMs, tries);
  // One resolver per server for lookupEach: c-ares would otherwise stop at the first that answers.
  const each: [string, Resolver][] = servers && servers.length > 0 ? servers.map((s) => [s, makeResolver([s], timeoutMs, tries)]) : [[SYSTEM_RESOLVER, all]];

  return {
    resolveTxt: (name) => lookup(name, 'TXT', () => runLookup(all, name, 'TXT')),
    resolveCname: (name) => lookup(name, 'CNAME', () => runLookup(all, name, 'CNAME')),
    resolve4: (name) => lookup(name, 'A', () => runLookup(all, name, 'A')),
    lookupEach: (name, rrtype) => Promise.all(each.map(([label, r]) => answerOf(label, rrtype, () => runLookup(r, name, rrtype)))),
  };
}

function makeResolver(servers: string[] | undefined, timeoutMs: number, tries: number): Resolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries });
  if (servers && servers.length > 0) resolver.setServers(servers);
  return resolver;
}

async function runLookup(resolver: Resolver, name: string, rrtype: LookupType): Promise<string[]> {
  if (rrtype === 'TXT') return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  if (rrtype === 'CNAME') return resolver.resolveCname(name);
  return resolver.resolve4(name);
}

async function answerOf(resolver: string, type: LookupType, run: () => Promise<string[]>): Promise<ResolverAnswer> {
  try {
    const values = await run();
    return { resolver, type, outcome: values.length > 0 ? 'answer' : 'nodata', values };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | undefined)?.code ?? 'EUNKNOWN';
    const outcome = OUTCOME_BY_CODE[code] ?? 'error';
    return { resolver, type, outcome, values: [], ...(answered(outcome) ? {} : { code }) };
  }
}

async function lookup(name: string, rrtype: string, run: () => Promise<string[]>): Promise<string[]> {
  try {
    return await run();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    if (code !== undefined && EMPTY_ANSWER_CODES.has(code)) return [];
    throw new DnsLookupError(name, rrtype, code ?? 'EUNKNOWN', { cause: err });
  }
}

/**
 * Parses DNS_SERVERS ("1.1.1.1, 8.8.8.8:53, [2606:4700::1]:53, ::1") into the strings
 * Resolver#setServers accepts. Blank means "use the system resolvers" (undefined). Entries must be
 * IP addresses: setServers cannot take hostnames, and resolving a resolver's name would need a resolver.
 */
export function parseDnsServers(spec: string | undefined): string[] | undefined {
  if (spec === undefined || spec.trim() === '') return undefined;
  const entries = spec.split(',').map((s) => s.trim());
  return entries.map((entry, i) => {
    if (entry === '') throw new Error(`DNS_SERVERS: entry ${i + 1} is empty (check for a stray comma)`);
    return parseServer(entry);
  });
}

function parseServer(entry: string): string {
  const bad = (why: string) =>
    new Error(`DNS_SERVERS: "${entry}" ${why}; expected an IP address with an optional port, e.g. 1.1.1.1, 1.1.1.1:53 or [2606:4700::1]:53`);

  let host: string;
  let port: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(entry);
  if (bracketed) {
    host = bracketed[1]!;
    port = bracketed[2];
    if (isIP(host) !== 6) throw bad('has brackets around something that is not an IPv6 address');
  } else if (isIP(entry) === 6) {
    host = entry;
  } else {
    const colon = entry.lastIndexOf(':');
    host = colon === -1 ? entry : entry.slice(0, colon);
    port = colon === -1 ? undefined : entry.slice(colon + 1);
    if (isIP(host) !== 4) {
      throw bad(host.includes(':') ? 'looks like an IPv6 address with a port but has no brackets' : 'is not an IP address');
    }
  }

  if (port === undefined) return host;
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) throw bad('has an invalid port');
  return isIP(host) === 6 ? `[${host}]:${Number(port)}` : `${host}:${Number(port)}`;
}
