import { Gauge } from 'prom-client';
import type { PoolUsage } from '../db/client';
import { registry } from './registry';

/** The pool the scrape reads; none until the process's runtime sets it. */
let source: PoolUsage | undefined;

/**
 * Read from the pool at each scrape (counters in memory, no round trip). `in_use` counts statements and
 * transactions holding a connection; `waiting`, those in line for one (each fails with 503 after
 * DATABASE_POOL_TIMEOUT_MS). Waiting above 0 for long means the pool is too small for the load or the
 * database too slow: see kiln_db_pool_max.
 */
export const dbPoolConnections = new Gauge({
  name: 'kiln_db_pool_connections',
  help: "Database connections of this process's pool, by state: open (opening included), in_use (running a statement or transaction)",
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    if (!source) return;
    this.set({ state: 'open' }, source.open);
    this.set({ state: 'in_use' }, source.inUse);
  },
});

export const dbPoolWaiting = new Gauge({
  name: 'kiln_db_pool_waiting',
  help: 'Statements and transactions waiting for a free database connection of the pool',
  registers: [registry],
  collect() {
    this.reset();
    if (source) this.set(source.waiting);
  },
});

export const dbPoolMax = new Gauge({
  name: 'kiln_db_pool_max',
  help: "The most database connections this process's pool opens (DATABASE_POOL_SIZE)",
  registers: [registry],
  collect() {
    this.reset();
    if (source) this.set(source.size);
  },
});

/** Makes the scrape report this pool's figures. */
export function collectDatabasePool(pool: PoolUsage): void {
  source = pool;
}
