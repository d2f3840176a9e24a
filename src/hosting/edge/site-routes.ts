import { createSecureContext, type SecureContext } from 'node:tls';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { allLiveDeployments, deploymentManifest } from '../../db/queries/deployments';
import { allCertificates, verifiedDomains } from '../../db/queries/domains';
import { deployments } from '../../db/schema';
import { parseHostingHost } from '../urls';
import type { LiveSite } from './types';

export interface SiteTarget {
  site: LiveSite;
  /** A custom domain with an active certificate: plain HTTP is redirected to HTTPS. */
  httpsOnly: boolean;
}

const MAX_CACHED_SITES = 500;
const NEGATIVE_TTL_MS = 2_000;

/**
 * What every host serves, held in memory by each edge process: live production deployments, verified
 * custom domains and certificates, reloaded whole when told that something changed (and every few
 * seconds in case a message was lost). Manifests load on first request and are immutable once
 * published, so they are cached by deployment id.
 */
export class SiteRoutes {
  private production = new Map<string, string>();
  private domains = new Map<string, { siteId: string; httpsOnly: boolean }>();
  private contexts = new Map<string, { context: SecureContext; version: number }>();
  private readonly sites = new Map<string, LiveSite>();
  private readonly loading = new Map<string, Promise<LiveSite | null>>();
  private readonly missing = new Map<string, number>();
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;

  constructor(
    private readonly db: Db,
    private readonly hostingDomain: string,
  ) {}

  /** Reloads the tables; calls made while one runs are folded into one more run. */
  reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      try {
        do {
          this.reloadAgain = false;
          await this.load();
        } while (this.reloadAgain);
      } finally {
        this.reloading = null;
      }
    })();
    return this.reloading;
  }

  private async load() {
    const [live, domains, certs] = await Promise.all([allLiveDeployments(this.db), verifiedDomains(this.db), allCertificates(this.db)]);
    const production = new Map<string, string>();
    for (const l of live) if (l.environment === 'production') production.set(l.siteId, l.deploymentId);
    const domainMap = new Map<string, { siteId: string; httpsOnly: boolean }>();
    for (const d of domains) domainMap.set(d.domain, { siteId: d.siteId, httpsOnly: d.ssl === 'active' });
    const contexts = new Map<string, { context: SecureContext; version: number }>();
    for (const c of certs) {
      // A certificate outlives its domain only until the next reload: removed domains lose HTTPS too.
      if (!c.hostname.startsWith('*.') && !domainMap.has(c.hostname)) continue;
      // Building a context parses the key: reuse it until the certificate row changes.
      const version = c.updatedAt.getTime();
      const known = this.contexts.get(c.hostname);
      contexts.set(c.hostname, known?.version === version ? known : { context: createSecureContext({ cert: c.certPem, key: c.keyPem }), version });
    }
    // Swap whole tables so a request never sees half of a reload.
    this.production = production;
    this.domains = domainMap;
    this.contexts = contexts;
    this.missing.clear();
  }

  /** The deployment a host serves: a preview by its id, production or a custom domain by the live table. */
  private lookup(host: string): { deploymentId: string; siteId: string; preview: boolean; httpsOnly: boolean } | null {
    const custom = this.domains.get(host);
    if (custom) {
      const deploymentId = this.production.get(custom.siteId);
      return deploymentId ? { deploymentId, siteId: custom.siteId, preview: false, httpsOnly: custom.httpsOnly } : null;
    }
    const parsed = parseHostingHost(host, this.hostingDomain);
    if (!parsed) return null;
    if (parsed.deploymentId) return { deploymentId: parsed.deploymentId, siteId: parsed.siteId, preview: true, httpsOnly: false };
    const deploymentId = this.production.get(parsed.siteId);
    return deploymentId ? { deploymentId, siteId: parsed.siteId, preview: false, httpsOnly: false } : null;
  }

  /** Synchronous when the manifest is cached (the common case), so serving needs no extra await. */
  resolve(host: string): SiteTarget | null | Promise<SiteTarget | null> {
    const route = this.lookup(host);
    if (!route) return null;
    const cached = this.sites.get(route.deploymentId);
    if (cached) return { site: cached, httpsOnly: route.httpsOnly };
    return this.loadSite(route.deploymentId, route.siteId, route.preview).then((site) => (site ? { site, httpsOnly: route.httpsOnly } : null));
  }

  private loadSite(deploymentId: string, siteId: string, preview: boolean): Promise<LiveSite | null> {
    const missingUntil = this.missing.get(deploymentId);
    if (missingUntil && missingUntil > Date.now()) return Promise.resolve(null);
    let pending = this.loading.get(deploymentId);
    if (!pending) {
      pending = this.fetchSite(deploymentId, siteId, preview).finally(() => this.loading.delete(deploymentId));
      this.loading.set(deploymentId, pending);
    }
    return pending;
  }

  private async fetchSite(deploymentId: string, siteId: string, preview: boolean): Promise<LiveSite | null> {
    const [d] = await this.db
      .select({ siteId: deployments.siteId, environment: deployments.environment, publishedAt: deployments.publishedAt })
      .from(deployments)
      .where(eq(deployments.id, deploymentId));
    // A preview host names its deployment, so check it belongs to that site and was published.
    const servable = d && d.siteId === siteId && d.publishedAt && (!preview || d.environment === 'preview');
    if (!servable) {
      this.missing.set(deploymentId, Date.now() + NEGATIVE_TTL_MS);
      return null;
    }
    const files = new Map((await deploymentManifest(this.db, deploymentId)).map((f) => [f.path, { hash: f.hash, size: f.size, contentType: f.contentType }]));
    const site: LiveSite = { deploymentId, publishedAt: d.publishedAt!, files };
    if (this.sites.size >= MAX_CACHED_SITES) this.sites.delete(this.sites.keys().next().value!);
    this.sites.set(deploymentId, site);
    return site;
  }

  /** The TLS context for an SNI name: its own certificate, else the hosting domain's wildcard. */
  secureContext(servername: string): SecureContext | undefined {
    const host = servername.toLowerCase();
    const exact = this.contexts.get(host);
    if (exact) return exact.context;
    const dot = host.indexOf('.');
    return dot > 0 ? this.contexts.get(`*${host.slice(dot)}`)?.context : undefined;
  }
}
