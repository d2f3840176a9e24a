/** The addresses of hosted sites (decisions.md: Hosting). */
export const SITE_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

export function productionHost(siteId: string, hostingDomain: string): string {
  return `${siteId}.${hostingDomain}`;
}

/**
 * A deployment's own host, `{id}--{site}`: where a preview is served, and every deployment's permalink (the
 * edge serves exactly that deployment there, whatever is live). Hostnames cannot hold `_`, so the label
 * uses the id without its `dep_` prefix.
 */
export function previewHost(deploymentId: string, siteId: string, hostingDomain: string): string {
  return `${deploymentId.replace(/^dep_/, '')}--${siteId}.${hostingDomain}`;
}

/** Where the edge answers HTTPS for sites; a port of 0 (picked at listen time) cannot be named in advance. */
export interface EdgeAddress {
  hostingDomain: string;
  httpsPort: number;
}

/** The port belongs in the address unless it is HTTPS's own: `https://blog.kiln.localhost` would not open an edge on 8443. */
export function siteOrigin(host: string, httpsPort: number): string {
  return httpsPort === 443 || httpsPort === 0 ? `https://${host}` : `https://${host}:${httpsPort}`;
}

export function deploymentUrl(d: { id: string; siteId: string; environment: 'production' | 'preview' }, edge: EdgeAddress): string {
  const host = d.environment === 'production' ? productionHost(d.siteId, edge.hostingDomain) : previewHost(d.id, d.siteId, edge.hostingDomain);
  return siteOrigin(host, edge.httpsPort);
}

/** The address that keeps serving this very deployment (Netlify's deploy permalink, Vercel's deployment URL). */
export function permalinkUrl(d: { id: string; siteId: string }, edge: EdgeAddress): string {
  return siteOrigin(previewHost(d.id, d.siteId, edge.hostingDomain), edge.httpsPort);
}

/** Reads a Host header under HOSTING_DOMAIN: `{site}` (what production serves) or `{id}--{site}` (one deployment, preview or production). */
export function parseHostingHost(host: string, hostingDomain: string): { siteId: string; deploymentId?: string } | null {
  const suffix = `.${hostingDomain}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  if (label.includes('.')) return null;
  const sep = label.indexOf('--');
  if (sep === -1) return SITE_ID_PATTERN.test(label) ? { siteId: label } : null;
  const id = label.slice(0, sep);
  const siteId = label.slice(sep + 2);
  if (!/^[a-z0-9]+$/.test(id) || !SITE_ID_PATTERN.test(siteId)) return null;
  return { siteId, deploymentId: `dep_${id}` };
}
