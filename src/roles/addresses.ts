import { ADMIN_QUEUES_PATH } from '../api/admin-queues';
import type { Config } from '../config';
import { siteOrigin } from '../hosting/urls';

/**
 * What `npm start` prints once everything listens, so a developer knows where to go. Ports are the bound
 * ones (a port of 0 is picked at listen time); the API's address is PUBLIC_URL unless its port was 0.
 */
export function startupAddresses(
  config: Pick<Config, 'PORT' | 'PUBLIC_URL' | 'HOSTING_DOMAIN' | 'ADMIN_USER' | 'ADMIN_PASSWORD'>,
  bound: { webPort?: number; edge?: { httpPort: number; httpsPort: number } },
): string[] {
  const lines: string[] = [];
  if (bound.webPort !== undefined) {
    const api = config.PORT === 0 ? `http://localhost:${bound.webPort}` : config.PUBLIC_URL;
    lines.push(`  Dashboard        ${api}/dashboard`);
    lines.push(`  API docs         ${api}/docs`);
    if (config.ADMIN_USER && config.ADMIN_PASSWORD) lines.push(`  Queue dashboard  ${api}${ADMIN_QUEUES_PATH} (user ${config.ADMIN_USER})`);
  }
  if (bound.edge) {
    const host = `{site_id}.${config.HOSTING_DOMAIN}`;
    const http = bound.edge.httpPort === 80 ? `http://${host}` : `http://${host}:${bound.edge.httpPort}`;
    lines.push(`  Hosted sites     ${siteOrigin(host, bound.edge.httpsPort)} (and ${http})`);
  }
  return lines.length ? ['Kiln is running:', ...lines] : [];
}
