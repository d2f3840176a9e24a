import { createSecureContext, type SecureContext } from 'node:tls';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { allLiveDeployments, deploymentManifest } from '../../db/queries/deployments';
import { allCertificates, verifiedDomains } from '../../db/queries/domains';
import {
  certificatesFor,
  lastRoutingChangeId,
  productionLiveDeploymentsOf,
  pruneRoutingChanges,
  routingChangeIdsBetween,
  routingChangesAfter,
  verifiedDomainsNamed,
} from '../../db/queries/routing-changes';
import { deployments, liveDeployments } from '../../db/schema';
import { parseHostingHost } from '../urls';
import { compileSiteRulesInSlices } from '../site-rules/site-rule-matcher';
import type { LiveSite } from './types';

export interface SiteTarget {
  site: LiveSite;
  /** A custom domain with an active certificate: plain HTTP is redirected to HTTPS. */
  httpsOnly: boolean;
  /**
   * Reached at a deployment's own address (`{id}--{site}`: a preview or a permalink), not the site's: a copy
   * search engines should not index, as Netlify marks its deploy previews and permalinks.
   */
  pinned: boolean;
}

const MAX_CACHED_SITES = 500;
/** Misses are remembered briefly (hosts nobody serves would otherwise cost a query each) and bounded. */
const NEGATIVE_TTL_MS = 2_000;
const MAX_MISSING = 10_000;
/** More changes than this since the last tick: a full reload instead. */
const MAX_CHANGES_PER_TICK = 1_000;
/** How long an id skipped in the change sequence is looked for (its transaction may still commit). */
const GAP_WAIT_MS = 60_000;
const MAX_TRACKED_GAP = 256;
/** Changes are kept at least this long (and three full-reload intervals) so no running edge misses one. */
const PRUNE_AFTER_MS = 3_600_000;

type ContextEntry = { context: SecureContext; version: number };
type DomainRow = { domain: string; siteId: string; ssl: string; pairedWith: string | null; redirects: boolean };
type CertificateRow = { hostname: string; certPem: string; keyPem: string; updatedAt: Date };

/**
 * What a host asks for. A deployment's own host (`{id}--{site}`: a preview, or any deployment's permalink)
 * names it; what the site's own host serves comes from the live table.
 */
type Route =
  | {
      kind: 'site';
      siteId: string;
      /** Absent for a site this edge has not loaded yet. */
      deploymentId?: string;
      httpsOnly: boolean;
    }
  | { kind: 'pinned'; siteId: string; deploymentId: string; httpsOnly: boolean };

/** Misses are remembered per host-derived route, never per deployment id (which any label can name). */
const routeKey = (r: Route) => (r.kind === 'pinned' ? `pinned:${r.siteId}:${r.deploymentId}` : `production:${r.siteId}`);

/**
 * A deployment is served at its own host only under its own site's label (in either environment: a
 * production deployment's permalink keeps serving it after newer ones go live), and at the site's
 * address only as production.
 */
const serves = (d: { siteId: string; environment: string }, r: Route) => d.siteId === r.siteId && (r.kind === 'pinned' || d.environment === 'production');

/**
 * What every host serves, held in memory by each edge process: live production deployments, verified
 * custom domains and certificates. Triggers log every change to them in `routing_changes`; a reload
 * (on each announcement, and every few seconds in case one was lost) reads only the changes past the
 * last it applied and re-reads just the rows they name, so an idle edge costs one small query per tick
 * however many sites there are. Every table is read whole at start and rarely after, as a safety net.
 * Manifests load on first request and are immutable once
 * published, so they are cached by deployment id. A production site not in the table yet is read
 * through to the live table, so a site is served as soon as it is published.
 */
export class SiteRoutes {
  private production = new Map<string, string>();
  private domains = new Map<string, { siteId: string; httpsOnly: boolean }>();
  /** The redirecting name of a www/apex pair → its canonical name, present only while both are verified. */
  private redirects = new Map<string, { host: string; httpsOnly: boolean }>();
  private contexts = new Map<string, ContextEntry>();
  private domainRows = new Map<string, DomainRow>();
  /** The highest routing change applied; null until the first (full) load. */
  private appliedId: number | null = null;
  /** Ids not seen yet below the ones applied (open transactions) → when first missed. */
  private readonly gaps = new Map<number, number>();
  private lastFullAt = 0;
  /** How many full and incremental reloads ran, and how many changes the incremental ones applied. */
  readonly stats = { full: 0, incremental: 0, changesApplied: 0, rowsRead: 0, lastChanges: [] as { kind: string; key: string }[] };
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
    /** How often a reload reads every table instead of the changes since the last one: a safety net. */
    private readonly fullReloadMs = 600_000,
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
    if (this.appliedId === null || Date.now() - this.lastFullAt >= this.fullReloadMs) return this.loadAll();
    const floor = this.gaps.size > 0 ? Math.min(...this.gaps.keys()) - 1 : this.appliedId;
    const changes = await routingChangesAfter(this.db, floor, MAX_CHANGES_PER_TICK);
    // Further behind than a tick's worth: one full read is cheaper than many small ones.
    if (changes.length === MAX_CHANGES_PER_TICK) return this.loadAll();
    this.stats.rowsRead += changes.length;
    // Rows at or below the mark are read again only while a gap before them is open: apply just the new ones.
    const fresh = changes.filter((c) => c.id > this.appliedId! || this.gaps.has(c.id));
    this.trackGaps(changes.map((c) => c.id));
    for (const c of changes) this.gaps.delete(c.id);
    if (fresh.length === 0) return;
    const keys = (kind: string) => [...new Set(fresh.filter((c) => c.kind === kind).map((c) => c.key))];
    const live = keys('live');
    const named = keys('domain');
    // A domain's certificate is served only while the domain is verified: re-read both.
    const hostnames = [...new Set([...keys('certificate'), ...named])];
    const [liveRows, domainRows, certRows] = await Promise.all([
      live.length ? productionLiveDeploymentsOf(this.db, live) : [],
      named.length ? verifiedDomainsNamed(this.db, named) : [],
      hostnames.length ? certificatesFor(this.db, hostnames) : [],
    ]);
    // Everything read: apply it in one synchronous step, so a request never sees half of it.
    for (const siteId of live) this.production.delete(siteId);
    for (const l of liveRows) this.production.set(l.siteId, l.deploymentId);
    for (const name of named) this.domainRows.delete(name);
    for (const d of domainRows) this.domainRows.set(d.domain, d);
    if (named.length) this.deriveDomains();
    const known = new Map(hostnames.flatMap((h) => (this.contexts.has(h) ? [[h, this.contexts.get(h)!] as const] : [])));
    for (const hostname of hostnames) this.contexts.delete(hostname);
    this.addContexts(certRows, known, this.contexts);
    this.appliedId = Math.max(this.appliedId!, ...changes.map((c) => c.id));
    this.stats.incremental++;
    this.stats.changesApplied += fresh.length;
    this.stats.rowsRead += liveRows.length + domainRows.length + certRows.length;
    this.stats.lastChanges = fresh.map((c) => ({ kind: c.kind, key: c.key }));
    this.invalidate();
  }

  /** Ids skipped between the ones read belong to transactions not yet committed (or rolled back): read them again for a while. */
  private trackGaps(ids: number[]) {
    const now = Date.now();
    for (const [id, since] of this.gaps) if (now - since > GAP_WAIT_MS) this.gaps.delete(id);
    let expected = this.appliedId! + 1;
    for (const id of ids) {
      if (id < expected) continue;
      // A huge jump is not worth tracking id by id: the periodic full reload covers it.
      for (let gap = expected; gap < id && id - expected <= MAX_TRACKED_GAP; gap++) if (!this.gaps.has(gap)) this.gaps.set(gap, now);
      expected = id + 1;
    }
  }

  private async loadAll() {
    // The high-water mark first: changes made while the tables are read are read again (applying one twice is harmless).
    const lastId = await lastRoutingChangeId(this.db);
    const [live, domains, certs, recent] = await Promise.all([
      allLiveDeployments(this.db),
      verifiedDomains(this.db),
      allCertificates(this.db),
      routingChangeIdsBetween(this.db, Math.max(0, lastId - MAX_TRACKED_GAP), lastId),
    ]);
    const production = new Map<string, string>();
    for (const l of live) if (l.environment === 'production') production.set(l.siteId, l.deploymentId);
    const domainRows = new Map<string, DomainRow>();
    for (const d of domains) domainRows.set(d.domain, d);
    const contexts = new Map<string, ContextEntry>();
    // Swap whole tables so a request never sees half of a reload.
    this.production = production;
    this.domainRows = domainRows;
    this.deriveDomains();
    this.addContexts(certs, this.contexts, contexts);
    this.contexts = contexts;
    this.appliedId = lastId;
    this.lastFullAt = Date.now();
    // Ids below the mark not yet visible may belong to transactions still open.
    const seen = new Set(recent);
    this.gaps.clear();
    const now = Date.now();
    for (let id = Math.max(1, lastId - MAX_TRACKED_GAP + 1); id <= lastId; id++) if (!seen.has(id)) this.gaps.set(id, now);
    this.stats.full++;
    this.stats.rowsRead += live.length + domains.length + certs.length + recent.length;
    this.invalidate();
    // Any edge may prune: rows older than a few full reloads are past every running edge's full reload.
    await pruneRoutingChanges(this.db, new Date(Date.now() - Math.max(PRUNE_AFTER_MS, 3 * this.fullReloadMs))).catch(() => {});
  }

  /** The domain and redirect tables from the verified domain rows (all in memory: no query). */
  private deriveDomains() {
    const domainMap = new Map<string, { siteId: string; httpsOnly: boolean }>();
    for (const d of this.domainRows.values()) domainMap.set(d.domain, { siteId: d.siteId, httpsOnly: d.ssl === 'active' });
    const redirects = new Map<string, { host: string; httpsOnly: boolean }>();
    for (const d of this.domainRows.values()) {
      const target = d.redirects && d.pairedWith ? domainMap.get(d.pairedWith) : undefined;
      // Until the canonical name is verified (and unless it is this very site's), the redirecting one serves the site itself.
      if (target && target.siteId === d.siteId) redirects.set(d.domain, { host: d.pairedWith!, httpsOnly: target.httpsOnly });
    }
    this.domains = domainMap;
    this.redirects = redirects;
  }

  private addContexts(certs: CertificateRow[], known: ReadonlyMap<string, ContextEntry>, into: Map<string, ContextEntry>) {
    for (const c of certs) {
      // A certificate outlives its domain only until the domain's change is applied: removed domains lose HTTPS too.
      if (!c.hostname.startsWith('*.') && !this.domains.has(c.hostname)) continue;
      // Building a context parses the key: reuse it until the certificate row changes.
      const version = c.updatedAt.getTime();
      const was = known.get(c.hostname);
      into.set(c.hostname, was?.version === version ? was : { context: createSecureContext({ cert: c.certPem, key: c.keyPem }), version });
    }
  }

  private invalidate() {
    this.generation++;
    this.missing.clear();
    this.loading = new Map();
  }

  /** What a host asks for, from the host alone and the live table; every answer must match it. */
  private lookup(host: string): Route | null {
    const custom = this.domains.get(host);
    if (custom) return { kind: 'site', siteId: custom.siteId, deploymentId: this.production.get(custom.siteId), httpsOnly: custom.httpsOnly };
    const parsed = parseHostingHost(host, this.hostingDomain);
    if (!parsed) return null;
    if (parsed.deploymentId) return { kind: 'pinned', siteId: parsed.siteId, deploymentId: parsed.deploymentId, httpsOnly: false };
    return { kind: 'site', siteId: parsed.siteId, deploymentId: this.production.get(parsed.siteId), httpsOnly: false };
  }

  /** Whether this edge answers for a host name (a proxy rule must never lead back here). */
  servesHost(host: string): boolean {
    return this.domains.has(host) || this.redirects.has(host) || host === this.hostingDomain || host.endsWith(`.${this.hostingDomain}`);
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
    const pinned = route.kind === 'pinned';
    if (cached) return serves(cached, route) ? { site: cached, httpsOnly: route.httpsOnly, pinned } : null;
    return this.loadRoute(route).then((site) => (site ? { site, httpsOnly: route.httpsOnly, pinned } : null));
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
      rules: await compileSiteRulesInSlices(d.siteRules),
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
