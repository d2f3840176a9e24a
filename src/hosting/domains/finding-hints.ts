import { sameHostname, type RecordFinding } from './check-domain';
import type { DnsRecord } from './dns-records';
import { answered, type ResolverAnswer } from './dns-resolver';

const OUTCOME_WORDS: Record<ResolverAnswer['outcome'], string> = {
  answer: 'an answer',
  nxdomain: 'NXDOMAIN (the name does not exist)',
  nodata: 'no record of this type',
  servfail: 'SERVFAIL',
  refused: 'REFUSED',
  timeout: 'a timeout',
  unreachable: 'no reply (unreachable)',
  error: 'an error',
};

/** One resolver's answer in a few words: `'abc', 'def'`, `NXDOMAIN (…)`, `SERVFAIL`. */
export function answerWords(a: Pick<ResolverAnswer, 'outcome' | 'values' | 'code'>): string {
  if (a.outcome === 'answer') return a.values.map((v) => `'${v}'`).join(', ');
  return a.outcome === 'error' && a.code ? `an error (${a.code})` : OUTCOME_WORDS[a.outcome];
}

const quoted = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * A finding of the last check in a plain sentence for the user: what was found against what the record asks
 * for, and what to change. `edgeIpv4` is the address apex domains (and flattened CNAMEs) must point at.
 */
export function findingHint(record: DnsRecord, f: RecordFinding | undefined, edgeIpv4: string): string {
  if (!f) return `${record.type} ${record.name}: not checked yet.`;
  // An unanswered lookup already names every resolver's failure.
  return [mainHint(record, f, edgeIpv4), f.status === 'unknown' ? '' : resolverNote(f)].filter(Boolean).join(' ');
}

function mainHint(record: DnsRecord, f: RecordFinding, edgeIpv4: string): string {
  const values = (type: string) => f.seen.filter((s) => s.type === type).map((s) => s.value);
  const txt = values('TXT');
  const cname = values('CNAME');
  const a = values('A');
  const nameMissing = (f.lookups ?? []).length > 0 && (f.lookups ?? []).filter((l) => answered(l.outcome)).every((l) => l.outcome === 'nxdomain');

  if (f.status === 'unknown') {
    const failures = (f.lookups ?? []).filter((l) => !answered(l.outcome)).map((l) => `${l.type} at ${l.resolver}: ${answerWords(l)}`);
    return `The lookup of ${record.name} got no answer (${failures.join('; ') || 'resolver failure'}); nothing was decided, the next check tries again.`;
  }
  if (record.type === 'TXT') {
    if (f.status === 'found') return `TXT ${record.name} has the expected value.`;
    if (f.status === 'missing')
      return `No TXT record at ${record.name}${nameMissing ? ' (the name does not exist)' : ''}: add one with the value '${record.value}'.`;
    return `TXT ${record.name} found ${quoted(txt)} but expected '${record.value}'.`;
  }
  if (record.type === 'A') {
    const others = a.filter((x) => x !== record.value);
    if (f.status === 'found') {
      return others.length === 0
        ? `A ${record.name} is this edge's address ${record.value}, as expected.`
        : `A ${record.name} includes this edge's address ${record.value}, but also ${others.join(', ')}: visitors sent there will not reach the site; remove ${others.length === 1 ? 'it' : 'them'}.`;
    }
    if (f.status === 'missing')
      return `No A record at ${record.name}${nameMissing ? ' (the name does not exist)' : ''}: add one with the value ${record.value}.`;
    return `A record ${others.join(', ')} is not this edge's address; expected ${record.value}.`;
  }
  // CNAME (a subdomain): the CNAME itself, or an A record to the edge where the DNS host flattens CNAMEs.
  if (f.status === 'found') {
    return cname.some((c) => sameHostname(c, record.value))
      ? `CNAME ${record.name} points to ${record.value}, as expected.`
      : `${record.name} answers with this edge's address ${edgeIpv4} (a flattened CNAME), as expected.`;
  }
  if (f.status === 'missing') return `No CNAME at ${record.name}${nameMissing ? ' (the name does not exist)' : ''}: add one pointing to ${record.value}.`;
  if (cname.length > 0) return `CNAME ${record.name} points to ${cname.join(', ')}; expected ${record.value}.`;
  return `${record.name} has A record ${a.join(', ')}, which is not this edge's address, and no CNAME; expected CNAME ${record.value} (or an A record ${edgeIpv4}).`;
}

/** When several resolvers are asked and they do not agree (propagation, or one failing), say who saw what. */
function resolverNote(f: RecordFinding): string {
  const lookups = f.lookups ?? [];
  const resolvers = [...new Set(lookups.map((l) => l.resolver))];
  if (resolvers.length < 2) return '';
  const byResolver = resolvers.map((r) => {
    const own = lookups.filter((l) => l.resolver === r);
    return { r, words: own.map((l) => `${l.type} ${answerWords(l)}`).join(', ') };
  });
  if (new Set(byResolver.map((b) => b.words)).size === 1) return '';
  return `Resolvers disagree: ${byResolver.map((b) => `${b.r} sees ${b.words}`).join('; ')}. A recent change may still be propagating.`;
}
