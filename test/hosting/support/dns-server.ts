import dns2 from 'dns2';
import type { DnsHandler, Packet as DnsPacket, Resource, UDPServer } from 'dns2';

const { Packet } = dns2;
// dns2 has these at runtime (RCODE) but not in its type declarations.
const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

/**
 * What one name answers. A TXT entry that is an array is sent as that many character-strings of one
 * record (to exercise chunk joining); a plain string longer than 255 bytes is chunked automatically.
 * `rcode` makes every query for the name fail that way, for testing resolver outages.
 */
export interface FakeDnsRecord {
  TXT?: (string | string[])[];
  CNAME?: string;
  A?: string[];
  rcode?: 'SERVFAIL' | 'REFUSED';
}

export interface FakeDnsServer {
  readonly port: number;
  readonly address: '127.0.0.1';
  /** `${address}:${port}`, ready for createResolver / DNS_SERVERS. */
  readonly server: string;
  /** Replaces the records of a name (case-insensitive, trailing dot ignored). */
  set(name: string, record: FakeDnsRecord): void;
  delete(name: string): void;
  /** Every question received, in order, lowercased: lets a test assert that a lookup happened. */
  readonly queries: ReadonlyArray<{ name: string; type: string }>;
  close(): Promise<void>;
}

const TYPE_NAMES = new Map<number, string>(Object.entries(Packet.TYPE).map(([name, code]) => [code, name]));
const MAX_CNAME_CHAIN = 8;

/**
 * A UDP DNS server on 127.0.0.1 (random free port) answering from a mutable map, authoritatively:
 * unknown names get NXDOMAIN, names that exist without the asked type get an empty NOERROR (NODATA),
 * and names with a CNAME answer it for any type, followed by the target's records when the target is
 * in the map, as a real authoritative server does for in-zone targets.
 */
export async function startDnsServer(initial: Record<string, FakeDnsRecord> = {}): Promise<FakeDnsServer> {
  const zone = new Map<string, FakeDnsRecord>();
  for (const [name, record] of Object.entries(initial)) zone.set(canonical(name), record);
  const queries: { name: string; type: string }[] = [];

  const handle: DnsHandler = (request, send) => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    const question = request.questions[0];
    if (question) {
      const name = canonical(question.name);
      queries.push({ name, type: TYPE_NAMES.get(question.type) ?? String(question.type) });
      answer(zone, name, question.type, response);
    } else {
      response.header.rcode = RCODE.FORMERR;
    }
    // A failed send (client gone) is of no interest to a test.
    send(response).catch(() => {});
  };

  const server: UDPServer = dns2.createUDPServer(handle);
  // Malformed packets and socket errors must not crash the test process.
  server.on('requestError', () => {});
  server.on('error', () => {});
  await server.listen(0, '127.0.0.1');
  const port = server.address().port;

  let closed: Promise<void> | undefined;
  return {
    port,
    address: '127.0.0.1',
    server: `127.0.0.1:${port}`,
    set: (name, record) => void zone.set(canonical(name), record),
    delete: (name) => void zone.delete(canonical(name)),
    queries,
    close() {
      closed ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return closed;
    },
  };
}

function answer(zone: Map<string, FakeDnsRecord>, name: string, type: number, response: DnsPacket): void {
  let current = name;
  for (let hop = 0; hop <= MAX_CNAME_CHAIN; hop++) {
    const record = zone.get(current);
    if (!record) {
      // Only the queried name itself can be NXDOMAIN; a dangling CNAME target is just left unanswered.
      if (hop === 0) response.header.rcode = existsBelow(zone, current) ? RCODE.NOERROR : RCODE.NXDOMAIN;
      return;
    }
    if (record.rcode) {
      response.header.rcode = RCODE[record.rcode];
      response.answers = [];
      return;
    }
    if (record.CNAME !== undefined) {
      response.answers.push(resource(current, Packet.TYPE.CNAME, { domain: canonical(record.CNAME) }));
      if (type === Packet.TYPE.CNAME) return;
      current = canonical(record.CNAME);
      continue;
    }
    if (type === Packet.TYPE.A) {
      for (const address of record.A ?? []) response.answers.push(resource(current, type, { address }));
    } else if (type === Packet.TYPE.TXT) {
      for (const value of record.TXT ?? []) response.answers.push(resource(current, type, { data: chunks(value) }));
    }
    return;
  }
}

/** An empty non-terminal (e.g. example.com when only _kiln-challenge.example.com is set) exists. */
function existsBelow(zone: Map<string, FakeDnsRecord>, name: string): boolean {
  for (const key of zone.keys()) if (key.endsWith(`.${name}`)) return true;
  return false;
}

function resource(name: string, type: number, data: Partial<Resource>): Resource {
  return new Packet.Resource({ name, type, class: Packet.CLASS.IN, ttl: 0, ...data });
}

function chunks(value: string | string[]): string[] {
  if (Array.isArray(value)) return value;
  const bytes = Buffer.from(value, 'utf8');
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 255) out.push(bytes.subarray(i, i + 255));
  // Raw byte chunks so a multi-byte character split at 255 survives; dns2's encoder takes Buffers
  // although its types only admit strings.
  return (out.length > 0 ? out : [Buffer.alloc(0)]) as unknown as string[];
}

function canonical(name: string): string {
  return name.trim().replace(/\.$/, '').toLowerCase();
}
