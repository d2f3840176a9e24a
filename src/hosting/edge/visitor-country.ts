import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';

/**
 * The visitor's country for `Country=` conditions in `_redirects`: the client address (from the
 * connection, or from a trusted proxy's header) looked up in a GeoIP country database kept in memory.
 * The default database ships in an npm package (@ip-location-db/geo-whois-asn-country-mmdb: the regional
 * registries' WHOIS and ASN data, CC BY 4.0 by the NRO), so an edge needs no download or account; any
 * MaxMind-format country database (GeoLite2-Country.mmdb and the like) can replace it.
 */

/** Both record shapes: ip-location-db's `country_code`, MaxMind's `country.iso_code`. */
type CountryRecord = CountryResponse & { country_code?: string };

export const BUNDLED_COUNTRY_DB = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');

export interface VisitorAddressSettings {
  /** Peers whose header is believed (EDGE_TRUSTED_PROXIES); empty: the connection's address is the visitor's. */
  trustedProxies: string[];
  /** The header a trusted proxy puts the visitor's address in (EDGE_CLIENT_IP_HEADER), lower case. */
  header: string;
}

/** `::ffff:1.2.3.4` (how a dual-stack socket names an IPv4 peer) is `1.2.3.4`. */
function plainAddress(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/** `10.0.0.0/8`, `::1`, `203.0.113.7` → a BlockList; throws on anything else (config is checked at start). */
export function trustedProxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) throw new Error(`not an address or CIDR range: "${entry}"`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(prefix), type);
  }
  return list;
}

export class VisitorCountry {
  private readonly trusted: BlockList | null;

  constructor(
    private readonly reader: Reader<CountryRecord> | null,
    private readonly settings: VisitorAddressSettings,
  ) {
    this.trusted = settings.trustedProxies.length > 0 ? trustedProxyList(settings.trustedProxies) : null;
  }

  /**
   * The visitor's address. Behind a trusted proxy it is the header's last entry, the one that proxy wrote
   * (entries before it are whatever the client sent); a header that is no address gives null, never the
   * proxy's own address (which would place every visitor where the proxy is).
   */
  addressOf(req: IncomingMessage): string | null {
    const peer = req.socket.remoteAddress;
    if (!peer) return null;
    const remote = plainAddress(peer);
    if (this.trusted === null || !this.trusted.check(remote, isIP(remote) === 6 ? 'ipv6' : 'ipv4')) return remote;
    const raw = req.headers[this.settings.header];
    if (raw === undefined) return remote;
    const value = Array.isArray(raw) ? raw.at(-1)! : raw;
    const last = value.split(',').at(-1)!.trim();
    return isIP(last) === 0 ? null : plainAddress(last);
  }

  /** ISO 3166-1 alpha-2, lower case; null without a database, for private addresses and unknown ones. */
  countryOf(req: IncomingMessage): string | null {
    if (this.reader === null) return null;
    const address = this.addressOf(req);
    if (address === null) return null;
    const record = this.reader.get(address);
    const code = record?.country_code ?? record?.country?.iso_code;
    return typeof code === 'string' && code.length === 2 ? code.toLowerCase() : null;
  }
}

/** GEOIP_COUNTRY_DB: `off`, a path to an .mmdb file, or unset for the bundled database. Read once, at start. */
export async function openVisitorCountry(database: string | undefined, settings: VisitorAddressSettings): Promise<VisitorCountry> {
  if (database === 'off') return new VisitorCountry(null, settings);
  // The lookup cache is maxmind's LRU; 10,000 addresses are well under a megabyte.
  const reader = await maxmind.open<CountryRecord>(database ?? BUNDLED_COUNTRY_DB, { cache: { max: 10_000 } });
  return new VisitorCountry(reader, settings);
}
