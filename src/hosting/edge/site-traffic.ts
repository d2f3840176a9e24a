import { edgeProxiedBytes } from '../../metrics';

/**
 * What an edge has sent on each site's behalf that did not come from the site's own files: today the
 * bodies of `_redirects` proxy rules (200 to a URL), which cost the platform bandwidth both ways. Kept in
 * memory per edge process, by site id; `drain` hands the counts to whoever records usage and starts again.
 * One number per site, however long the counts wait to be recorded: memory is bounded by the sites served.
 */
export class SiteTraffic {
  private proxied = new Map<string, number>();

  addProxied(siteId: string, bytes: number): void {
    if (bytes <= 0) return;
    this.proxied.set(siteId, (this.proxied.get(siteId) ?? 0) + bytes);
    edgeProxiedBytes.inc(bytes);
  }

  /** Bytes proxied for a site since the last drain. */
  proxiedBytes(siteId: string): number {
    return this.proxied.get(siteId) ?? 0;
  }

  /** The counts so far, by site id; the tally starts again from zero. */
  drain(): Map<string, number> {
    const counts = this.proxied;
    this.proxied = new Map();
    return counts;
  }

  /** Counts a drain took but could not record: added to whatever came in since, for the next drain. */
  restore(counts: ReadonlyMap<string, number>): void {
    // Not through addProxied: the Prometheus counter saw these bytes already.
    for (const [siteId, bytes] of counts) if (bytes > 0) this.proxied.set(siteId, (this.proxied.get(siteId) ?? 0) + bytes);
  }
}
