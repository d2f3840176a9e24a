import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { duplicateRedis } from '../../redis';
import { findCertificate } from '../../db/queries/domains';
import type { Logger } from '../../logger';
import type { Runtime } from '../../runtime';
import type { BlobStore } from '../../storage';
import { siteBlobKey } from '../blob-keys';
import { issueAndStoreCertificate } from '../certificates';
import { randomUUID } from 'node:crypto';
import { joinRegistry } from '../edge-registry';
import { acknowledgeRoutesChanged } from '../routes-events';
import { needsRenewal } from '../tls';
import { AcmeChallenges } from './acme-challenges';
import { BlobCache } from './blob-cache';
import { NO_SITE_PAGE } from './edge-pages';
import { edgeRequests } from '../../metrics';
import type { ProxySettings } from './proxy-rule';
import { serveSite, type ServeSiteOptions } from './serve-site';
import { SiteRoutes } from './site-routes';
import { SiteTraffic } from './site-traffic';
import { TrafficFlusher } from './traffic-flusher';
import { addSiteTraffic } from '../../db/queries/site-traffic';
import { announceUsageChange } from '../../billing/usage-cache';
import { openVisitorCountry } from './visitor-country';

const ACME_PREFIX = '/.well-known/acme-challenge/';
/** Reads the routing changes since the last tick, in case an announcement was lost (a full reload only every EDGE_FULL_RELOAD_MS). */
const SAFETY_RELOAD_MS = 5_000;

function blobSource(store: BlobStore) {
  return {
    async read(hash: string): Promise<Buffer | null> {
      const blob = await store.get(siteBlobKey(hash));
      if (!blob) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of blob.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  };
}

function plain(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

function hostHeaderCount(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === 'host') count++;
  return count;
}

export interface EdgeServers {
  httpPort: number;
  httpsPort: number;
  routes: SiteRoutes;
  acme: AcmeChallenges;
  /** Bytes proxied per site (`_redirects` 200 to a URL) since the last drain. */
  traffic: SiteTraffic;
  close(): Promise<void>;
}

/** Makes sure the wildcard certificate of HOSTING_DOMAIN exists (always from the local CA: ACME HTTP-01 cannot issue wildcards). */
async function ensureWildcardCertificate(rt: Runtime) {
  const hostname = `*.${rt.config.HOSTING_DOMAIN}`;
  const existing = await findCertificate(rt.db, hostname);
  if (existing && !needsRenewal(existing.notAfter, new Date())) return;
  await issueAndStoreCertificate(rt, hostname, 'local');
}

/**
 * The edge: serves every published site by Host header over HTTP and HTTPS (SNI picks the certificate),
 * answers ACME HTTP-01 challenges before anything else, and follows publishes, rollbacks and domain
 * changes through Redis pub/sub without a restart.
 */
export async function startEdge(rt: Runtime, ports = { http: rt.config.EDGE_HTTP_PORT, https: rt.config.EDGE_HTTPS_PORT }): Promise<EdgeServers> {
  const log: Logger = rt.log.child({ part: 'edge' });
  await ensureWildcardCertificate(rt);
  const routes = new SiteRoutes(rt.db, rt.config.HOSTING_DOMAIN, rt.config.EDGE_FULL_RELOAD_MS);
  const acme = new AcmeChallenges(rt.db);
  // Named in the registry of live edges, which publishers wait for.
  const edgeId = randomUUID();
  const subscriber = duplicateRedis(rt.subscriber);
  subscriber.on('message', (channel: string, token: string) => {
    if (channel !== rt.channels.routesChanged) return;
    // A certificate job announces each challenge it writes before the CA may ask for it.
    acme.forget();
    // Answered only once the table includes the change: the publisher reports `published` after that.
    routes
      .reload()
      .then(() => acknowledgeRoutesChanged(rt.redis, channel, token, edgeId))
      .catch((err) => log.error({ err: { message: err.message } }, 'route reload failed'));
  });
  // Subscribed before the first load, so a change announced in between is not missed.
  await subscriber.subscribe(rt.channels.routesChanged);
  await routes.reload();
  const safety = setInterval(() => routes.reload().catch(() => {}), SAFETY_RELOAD_MS);
  safety.unref();

  const blobs = new BlobCache(blobSource(rt.store));
  const traffic = new SiteTraffic();
  const flusher = new TrafficFlusher(
    traffic,
    async (periodKey, proxied) => {
      const accounts = await addSiteTraffic(rt.db, periodKey, proxied);
      // Recorded: a lost announcement only leaves a usage report stale for the cache's TTL, so it must
      // not fail the flush (which would put the counts back and count them twice).
      for (const accountId of accounts) void announceUsageChange(rt.redis, rt.channels.usageChanged, accountId).catch(() => undefined);
    },
    (err, sites) => log.warn({ err: { message: err.message }, sites }, 'could not record proxied bytes; kept for the next flush'),
  );
  const visitors = await openVisitorCountry(rt.config.GEOIP_COUNTRY_DB, {
    trustedProxies: rt.config.EDGE_TRUSTED_PROXIES,
    header: rt.config.EDGE_CLIENT_IP_HEADER,
  });
  const proxy: ProxySettings = {
    allowPrivate: rt.config.FETCH_ALLOW_PRIVATE,
    timeoutMs: rt.config.EDGE_PROXY_TIMEOUT_MS,
    isOwnHost: (hostname) => routes.servesHost(hostname),
    countBytes: (siteId, bytes) => traffic.addProxied(siteId, bytes),
    visitorAddress: (req) => visitors.addressOf(req),
  };
  const countryOf = (req: IncomingMessage) => visitors.countryOf(req);
  const serveOptions: Record<'http' | 'https', ServeSiteOptions> = {
    http: { proxy, countryOf, secure: false },
    https: { proxy, countryOf, secure: true },
  };
  const handler = (secure: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    const scheme = secure ? 'https' : 'http';
    res.once('finish', () => edgeRequests.inc({ scheme, status: String(res.statusCode) }));
    handle(req, res, secure).catch((err) => {
      log.error({ err: { message: (err as Error).message }, host: req.headers.host, url: req.url }, 'edge request failed');
      if (!res.headersSent) plain(res, 500, 'Internal error');
      else res.destroy();
    });
  };
  const handle = async (req: IncomingMessage, res: ServerResponse, secure: boolean) => {
    // Node keeps only the first of several Host headers; a proxy in front may have routed by another.
    // RFC 9112 §3.2: a request with more than one Host is answered 400.
    if (hostHeaderCount(req.rawHeaders) > 1) return plain(res, 400, 'Bad request: more than one Host header', { Connection: 'close' });
    const url = req.url ?? '/';
    if (url.startsWith(ACME_PREFIX)) {
      const token = url.slice(ACME_PREFIX.length).split('?')[0]!;
      const keyAuthorization = /^[A-Za-z0-9_-]+$/.test(token) ? await acme.keyAuthorization(token) : null;
      return keyAuthorization ? plain(res, 200, keyAuthorization) : plain(res, 404, 'Unknown challenge');
    }
    const host = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    const redirect = routes.redirectFor(host);
    if (redirect) {
      // Straight to the canonical name's final address: one hop, path and query kept. HTTPS only once that name
      // has a certificate of its own (before, an https:// address would fail the visitor's TLS check).
      const https = redirect.httpsOnly;
      const port = https ? (httpsPort === 443 ? '' : `:${httpsPort}`) : httpPort === 80 ? '' : `:${httpPort}`;
      return plain(res, 308, 'Permanent redirect', { Location: `${https ? 'https' : 'http'}://${redirect.host}${port}${url}` });
    }
    const resolved = routes.resolve(host);
    const target = resolved instanceof Promise ? await resolved : resolved;
    if (!target) {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(NO_SITE_PAGE), 'Cache-Control': 'no-store' });
      return res.end(req.method === 'HEAD' ? undefined : NO_SITE_PAGE);
    }
    if (!secure && target.httpsOnly) {
      const port = httpsPort === 443 ? '' : `:${httpsPort}`;
      return plain(res, 301, 'Moved to HTTPS', { Location: `https://${host}${port}${url}` });
    }
    if (target.pinned) res.setHeader('X-Robots-Tag', 'noindex');
    await serveSite(req, res, target.site, blobs, serveOptions[secure ? 'https' : 'http']);
  };

  const http: Server = createHttpServer(handler(false));
  const https = createHttpsServer(
    {
      SNICallback: (servername, cb) => cb(null, routes.secureContext(servername)),
    },
    handler(true),
  );
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '0.0.0.0', () => {
        const a = server.address();
        resolve(typeof a === 'object' && a ? a.port : port);
      });
    });
  const httpPort = await listen(http, ports.http);
  const httpsPort = await listen(https, ports.https);
  // Joined once subscribed, loaded and listening: a publisher that counts this edge also reaches it.
  const registry = await joinRegistry(rt.redis, rt.edgeRegistry, edgeId, rt.config.EDGE_HEARTBEAT_MS, (err) =>
    log.warn({ err: { message: err.message } }, 'edge heartbeat failed'),
  );
  flusher.start(rt.config.EDGE_TRAFFIC_FLUSH_MS);
  log.info({ httpPort, httpsPort, hostingDomain: rt.config.HOSTING_DOMAIN, edgeId }, 'edge listening');
  return {
    httpPort,
    httpsPort,
    routes,
    acme,
    traffic,
    async close() {
      clearInterval(safety);
      await registry.leave();
      subscriber.disconnect();
      await Promise.all(
        [http, https].map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeIdleConnections();
            }),
        ),
      );
      // After the servers: the proxied answers they finished have counted their bytes.
      await flusher.stop();
    },
  };
}
