import type { DnsRecord, DnsRecordType } from './dns-records';
import { answered, DnsLookupError, type DomainResolver, type ResolverAnswer } from './dns-resolver';

/**
 * `wrong_value`: the name answers, but not with what the record asks for (an old TXT token, a CNAME elsewhere).
 * `unknown`: no resolver could answer the lookup (SERVFAIL, timeout): nothing is decided.
 */
export type RecordStatus = 'found' | 'missing' | 'wrong_value' | 'unknown';

/** What one check saw for one required record: the answers at its name, of the types that could satisfy it. */
export interface RecordFinding {
  type: DnsRecordType;
  name: string;
  status: RecordStatus;
  /** Every distinct value the resolvers that answered returned, in order. */
  seen: { type: DnsRecordType; value: string }[];
  /** Each resolver's answer to each lookup the record needed. Absent in checks stored before it was recorded. */
  lookups?: ResolverAnswer[];
}

/**
 * What the last check of a domain observed, as stored with it: per-record findings, and `error` when a lookup
 * it needed got no answer (the check then decided nothing). Older rows hold `{ error }` alone.
 */
export type DomainCheckObservation = { records: RecordFinding[]; error?: string } | { error: string };

export interface DomainCheckResult {
  ownership: boolean;
  routing: boolean;
  /** What the resolvers returned, for showing the user why a check did not pass yet. */
  seen: { txt: string[]; cname: string[]; a: string[] };
  /** The same, per required record (ownership first, then routing), in the words the API answers. */
  findings: RecordFinding[];
}

export interface CheckDomainOptions {
  /**
   * EDGE_IPV4. requiredRecords only names it for apex domains; pass it so a subdomain answering with
   * the edge address (flattened CNAME) counts as routed. Without it a subdomain needs the CNAME.
   */
  edgeIpv4?: string;
}

/**
 * Looks up the records from requiredRecords at every configured resolver and says which are in place.
 * A record counts as found when any resolver returns it: another one still showing the old value is a
 * cache that has not expired yet, which the per-resolver `lookups` show. Throws DnsLookupError (carrying
 * the findings) when a lookup it needs got no answer from any resolver, so the caller retries rather
 * than treating an outage as "record missing".
 *
 * Matching rules:
 * - TXT: one record (chunks joined) must equal the token value exactly; the token is case-sensitive.
 * - CNAME: compared case-insensitively, ignoring a trailing dot (DNS names are case-insensitive and
 *   some providers show the absolute form).
 * - A at the apex: the edge address must be among the answers. Extra addresses are tolerated so a
 *   user can move without an outage; they show up in `seen.a` for the API to warn about.
 * - Subdomain: the CNAME, or an A record equal to the edge address. DNS hosts that flatten CNAMEs
 *   (and private-suffix zones where a CNAME is impossible) answer with A records instead.
 */
export async function checkDomainRecords(resolver: DomainResolver, records: DnsRecord[], options: CheckDomainOptions = {}): Promise<DomainCheckResult> {
  const ownershipRecord = records.find((r) => r.type === 'TXT');
  const routingRecord = records.find((r) => r.type === 'CNAME' || r.type === 'A');
  if (!ownershipRecord || !routingRecord) throw new Error('checkDomainRecords needs an ownership (TXT) and a routing (CNAME or A) record');

  const edgeIpv4 = routingRecord.type === 'A' ? routingRecord.value : options.edgeIpv4;

  const [txt, cname, a] = await Promise.all([
    resolver.lookupEach(ownershipRecord.name, 'TXT'),
    routingRecord.type === 'CNAME' ? resolver.lookupEach(routingRecord.name, 'CNAME') : Promise.resolve([]),
    edgeIpv4 !== undefined ? resolver.lookupEach(routingRecord.name, 'A') : Promise.resolve([]),
  ]);

  const ownership = txt.some((r) => r.values.includes(ownershipRecord.value));
  const cnameMatch = routingRecord.type === 'CNAME' && cname.some((r) => r.values.some((v) => sameHostname(v, routingRecord.value)));
  const aMatch = edgeIpv4 !== undefined && a.some((r) => r.values.includes(edgeIpv4));
  const routing = cnameMatch || aMatch;

  const seen = { txt: distinct(txt), cname: distinct(cname), a: distinct(a) };
  const findings = [
    finding(ownershipRecord, ownership, failed(txt), txt),
    // One matching answer settles routing even if the other lookup failed.
    finding(routingRecord, routing, failed(cname) || failed(a), [...cname, ...a]),
  ];

  const unanswered = findings.find((f) => f.status === 'unknown');
  if (unanswered) {
    const first = unanswered.lookups!.find((l) => !answered(l.outcome))!;
    const error = new DnsLookupError(unanswered.name, first.type, first.code ?? first.outcome.toUpperCase());
    error.findings = findings;
    throw error;
  }
  return { ownership, routing, seen, findings };
}

/** No resolver answered (an empty answer is an answer). */
function failed(answers: ResolverAnswer[]): boolean {
  return answers.length > 0 && !answers.some((r) => answered(r.outcome));
}

function distinct(answers: ResolverAnswer[]): string[] {
  return [...new Set(answers.flatMap((r) => r.values))];
}

function finding(record: DnsRecord, matched: boolean, lookupFailed: boolean, lookups: ResolverAnswer[]): RecordFinding {
  const seen: RecordFinding['seen'] = [];
  for (const l of lookups) for (const value of l.values) if (!seen.some((s) => s.type === l.type && s.value === value)) seen.push({ type: l.type, value });
  const status = matched ? 'found' : lookupFailed ? 'unknown' : seen.length > 0 ? 'wrong_value' : 'missing';
  return { type: record.type, name: record.name, status, seen, lookups };
}

export function sameHostname(a: string, b: string): boolean {
  return a.replace(/\.$/, '').toLowerCase() === b.replace(/\.$/, '').toLowerCase();
}
