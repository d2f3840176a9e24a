import type { MiddlewareHandler } from 'hono';
import { securityHeaders as pageSecurityHeaders } from '../net/security-headers';

/**
 * Every dashboard page: no inline script and nothing from another host (the SVG charts are inline markup,
 * not script), never framed, no referrer to other sites, and nothing cached, since pages show keys and logs.
 */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
];

export function securityHeaders(): MiddlewareHandler {
  return pageSecurityHeaders({ csp: CSP, isolate: true, noStore: true });
}
