import type { DnsRecord, DnsRecordType } from './dns-records';
import type { DomainResolver } from './dns-resolver';

/** `wrong_value`: the name answers, but not with what the record asks for (an old TXT token, a CNAME elsewhere). */
export type RecordStatus = 'found' | 'missing' | 'wrong_value';

/** What one check saw for one required record: the answers at its name, of the types that could satisfy it. */
export interface RecordFinding {
  type: DnsRecordType;
  name: string;
  status: RecordStatus;
  seen: { type: DnsRecordType; value: string }[];
}

/** What the last check of a domain observed, as stored with it: per-record findings, or why the resolvers gave no answer. */
export type DomainCheckObservation = { records: RecordFinding[] } | { error: string };

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
 * Looks up the records from requiredRecords and says which are in place. Throws DnsLookupError when
 * a lookup it needs could not be answered, so the caller retries rather than treating an outage as
 * "record missing".
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

  const [txt, cname, a] = await Promise.allSettled([
    resolver.resolveTxt(ownershipRecord.name),
    routingRecord.type === 'CNAME' ? resolver.resolveCname(routingRecord.name) : Promise.resolve([]),
    edgeIpv4 !== undefined ? resolver.resolve4(routingRecord.name) : Promise.resolve([]),
  ]);

  if (txt.status === 'rejected') throw txt.reason;
  const ownership = txt.value.includes(ownershipRecord.value);

  const cnameMatch = cname.status === 'fulfilled' && routingRecord.type === 'CNAME' && cname.value.some((v) => sameHostname(v, routingRecord.value));
  const aMatch = a.status === 'fulfilled' && edgeIpv4 !== undefined && a.value.includes(edgeIpv4);
  // One matching answer settles routing even if the other lookup failed.
  if (!cnameMatch && !aMatch) {
    if (cname.status === 'rejected') throw cname.reason;
    if (a.status === 'rejected') throw a.reason;
  }

  const routing = cnameMatch || aMatch;
  const seen = {
    txt: txt.value,
    cname: cname.status === 'fulfilled' ? cname.value : [],
    a: a.status === 'fulfilled' ? a.value : [],
  };
  const routingSeen = [...seen.cname.map((value) => ({ type: 'CNAME' as const, value })), ...seen.a.map((value) => ({ type: 'A' as const, value }))];
  return {
    ownership,
    routing,
    seen,
    findings: [
      finding(
        ownershipRecord,
        ownership,
        seen.txt.map((value) => ({ type: 'TXT' as const, value })),
      ),
      finding(routingRecord, routing, routingSeen),
    ],
  };
}

function finding(record: DnsRecord, matched: boolean, seen: RecordFinding['seen']): RecordFinding {
  const status = matched ? 'found' : seen.length > 0 ? 'wrong_value' : 'missing';
  return { type: record.type, name: record.name, status, seen };
}

function sameHostname(a: string, b: string): boolean {
  return a.replace(/\.$/, '').toLowerCase() === b.replace(/\.$/, '').toLowerCase();
}
