import type { Logger } from '../logger';
import type { Runtime } from '../runtime';
import { announceRoutesChanged } from './routes-events';

/**
 * Tells every edge that what a host serves has changed (a build went live, a rollback, a domain added or
 * removed, a certificate issued) and waits until they have reloaded, so that whoever is answered next
 * sees the change. An edge that does not confirm in time is logged; its safety reload catches up.
 */
export async function tellEdges(rt: Pick<Runtime, 'redis' | 'channels' | 'edgeRegistry'>, log: Logger, what: Record<string, unknown>): Promise<void> {
  const { edges, acknowledged } = await announceRoutesChanged(rt);
  if (acknowledged < edges) log.warn({ ...what, edges, acknowledged }, 'not every edge confirmed the new routes in time');
  else log.info({ ...what, edges }, 'edges reloaded the routes');
}
