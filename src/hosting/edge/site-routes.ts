import { createSecureContext, type SecureContext } from 'node:tls';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { allLiveDeployments, deploymentManifest } from '../../db/queries/deployments';
import { allCertificates, verifiedDomains } from '../../db/queries/domains';
import { deployments, liveDeployments } from '../../db/schema';
import { parseHostingHost } from '../urls';
import { compileSiteRules } from '../site-rules/site-rule-matcher';
import type { LiveSite } from './types';

export interface SiteTarget {
  site: LiveSite;
  /** A custom domain with an active certificate: plain HTTP is redirected to HTTPS. */
  httpsOnly: boolean;
}

const MAX_CACHED_SITES = 500;
/** Misses are remembered briefly (hosts nobody serves would otherwise cost a query each) and bounded. */
const NEGATIVE_TTL_MS = 2_000;
const MAX_MISSING = 10_000;

/** What a host asks for. A preview names its deployment; production's comes from the live table. */
interface Route {
  siteId: string;
  environment: LiveSite['environment'];
  /** Absent for a production site this edge has not loaded yet. */
  deploymentId?: string;
  httpsOnly: boolean;
}

/** Misses are remembered per host-derived route, never per deployment id (which any label can name). */
const routeKey = (r: Route) => (r.environment === 'preview' ? `preview:${r.siteId}:${r.deploymentId}` : `production:${r.siteId}`);

/** A preview is served only under its own site's label, production only as its own site. */
const serves = (d: { siteId: string; environment: string }, r: Route) => d.siteId === r.siteId && d.environment === r.environment;

/**
 * What every host serves, held in memory by each edge process: live production deployments, verified
 * custom domains and certificates, reloaded whole when told that something changed (and every few
 * seconds in case a message was lost). Manifests load on first request and are immutable once
 * published, so they are cached by deployment id. A production site not in the table yet is read
 * through to the live table, so a site is served as soon as it is published.
 */
export class SiteRoutes {
  private production = new Map<string, string>();
  private domains = new Map<string, { siteId: string; httpsOnly: boolean }>();
  /** The redirecting name of a www/apex pair → its canonical name, present only while both are verified. */
  private redirects = new Map<string, { host: string; httpsOnly: boolean }>();
  private contexts = new Map<string, { context: SecureContext; version: number }>();
  private readonly sites = new Map<string, LiveSite>();
  private loading = new Map<string, Promise<LiveSite | null>>();
  private readonly missing = new Map<string, number>();
  /** Bumped by every reload; answers read before it are not remembered as misses nor written into the new table. */
  private generation = 0;
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
    const redirects = new Map<string, { host: string; httpsOnly: boolean }>();
    for (const d of domains) {
      const target = d.redirects && d.pairedWith ? domainMap.get(d.pairedWith) : undefined;
      // Until the canonical name is verified (and unless it is this very site's), the redirecting one serves the site itself.
      if (target && target.siteId === d.siteId) redirects.set(d.domain, { host: d.pairedWith!, httpsOnly: target.httpsOnly });
    }
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
    this.redirects = redirects;
    this.contexts = contexts;
    this.generation++;
    this.missing.clear();
    this.loading = new Map();
  }

  /** What a host asks for, from the host alone and the live table; every answer must match it. */
  private lookup(host: string): Route | null {
    const custom = this.domains.get(host);
    if (custom) return { siteId: custom.siteId, environment: 'production', deploymentId: this.production.get(custom.siteId), httpsOnly: custom.httpsOnly };
    const parsed = parseHostingHost(host, this.hostingDomain);
    if (!parsed) return null;
    if (parsed.deploymentId) return { siteId: parsed.siteId, environment: 'preview', deploymentId: parsed.deploymentId, httpsOnly: false };
    return { siteId: parsed.siteId, environment: 'production', deploymentId: this.production.get(parsed.siteId), httpsOnly: false };
  }

  /** Where a www/apex pair's redirecting name sends its visitors (`httpsOnly`: the canonical name has a certificate). */
  redirectFor(host: string): { host: string; httpsOnly: boolean } | null {
    return this.redirects.get(host) ?? null;
  }

  /** Synchronous when the manifest is cached (the common case), so serving needs no extra await. */
  resolve(host: string): SiteTarget | null | Promise<SiteTarget | null> {
    const route = this.lookup(host);
    if (!route) return null;
    const cached = route.deploymentId ? this.sites.get(route.deploymentId) : undefined;
    // The cache is by deployment id, which a preview label lets anyone name: check whose it is every time.
    if (cached) return serves(cached, route) ? { site: cached, httpsOnly: route.httpsOnly } : null;
    return this.loadRoute(route).then((site) => (site ? { site, httpsOnly: route.httpsOnly } : null));
  }

  private loadRoute(route: Route): Promise<LiveSite | null> {
    const key = routeKey(route);
    const missingUntil = this.missing.get(key);
    if (missingUntil !== undefined) {
      if (missingUntil > Date.now()) return Promise.resolve(null);
      this.missing.delete(key);
    }
    // Loads started before a reload may have read the tables before a publish: later requests start afresh.
    const loading = this.loading;
    let pending = loading.get(key);
    if (!pending) {
      pending = this.fetchRoute(route, key).finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  }

  private async fetchRoute(route: Route, key: string): Promise<LiveSite | null> {
    const generation = this.generation;
    let deploymentId = route.deploymentId;
    if (!deploymentId) {
      // A site published since the last reload (its announcement is on its way or was lost): ask the live table.
      const [live] = await this.db
        .select({ deploymentId: liveDeployments.deploymentId })
        .from(liveDeployments)
        .where(and(eq(liveDeployments.siteId, route.siteId), eq(liveDeployments.environment, 'production')));
      deploymentId = live?.deploymentId;
      // Only into the table it was read against: a reload since then knows better.
      if (deploymentId && this.generation === generation) this.production.set(route.siteId, deploymentId);
    }
    const site = deploymentId ? (this.sites.get(deploymentId) ?? (await this.fetchSite(deploymentId, route))) : null;
    if (site && serves(site, route)) return site;
    // A miss read before a reload may predate a publish the reload brought in: do not remember it.
    if (this.generation === generation) {
      if (this.missing.size >= MAX_MISSING) this.missing.delete(this.missing.keys().next().value!);
      this.missing.set(key, Date.now() + NEGATIVE_TTL_MS);
    }
    return null;
  }

  /** The published deployment, if it is what the route asks for (checked before its manifest is read). */
  private async fetchSite(deploymentId: string, route: Route): Promise<LiveSite | null> {
    const [d] = await this.db
      .select({ siteId: deployments.siteId, environment: deployments.environment, publishedAt: deployments.publishedAt, siteRules: deployments.siteRules })
      .from(deployments)
      .where(eq(deployments.id, deploymentId));
    if (!d?.publishedAt || !serves(d, route)) return null;
    const files = new Map((await deploymentManifest(this.db, deploymentId)).map((f) => [f.path, { hash: f.hash, size: f.size, contentType: f.contentType }]));
    const site: LiveSite = {
      deploymentId,
      siteId: d.siteId,
      environment: d.environment,
      publishedAt: d.publishedAt,
      files,
      rules: compileSiteRules(d.siteRules),
    };
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
