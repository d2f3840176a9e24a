import { loadConfig, ConfigError, type Config } from './config';
import { loadEnvFile } from './load-env-file';
import { createLogger } from './logger';
import { startupAddresses } from './roles/addresses';
import { ensureDemoAccount } from './roles/demo-account';
import { hostingDomainWarnings } from './roles/hosting-domain-warnings';
import { release } from './roles/release';
import { checkSharedSettings } from './roles/shared-settings';
import { startWeb, type WebServer } from './roles/web';
import { collectDatabasePool, collectQueueCounts, startMetricsServer, type MetricsServer } from './metrics';
import { startEdge, type EdgeServers } from './hosting/edge/edge-server';
import { createRuntime, waitForRedis, type Runtime } from './runtime';
import { startWorkers, type WorkerSet } from './workers/start-workers';
import { startTracing, type Tracing } from './tracing/start';
import { tracingWanted } from './tracing/switch';

/**
 * One entry for every process type of the Procfile: `release`, `web`, `worker`, `edge`, or `all` (what
 * `npm start` runs: migrations, the API, every worker and the edge in one process).
 */
const ROLES = ['all', 'release', 'web', 'worker', 'edge'] as const;
type Role = (typeof ROLES)[number];

const HARD_EXIT_MS = 25_000;

async function main(role: Role, config: Config) {
  const log = createLogger({ level: config.LOG_LEVEL, role, traceIds: role !== 'release' && tracingWanted(config) });
  if (role === 'release' || role === 'all') await release(config, log);
  if (role === 'release') return;
  // Before anything that serves or queues, so every request and job is traced from the first.
  const tracing: Tracing | null = await startTracing(config, role, log);

  const rt: Runtime = createRuntime(config, role, log);
  // Webs and workers build and serve each other's links; edges serve sites and build none.
  if (role !== 'edge') await checkSharedSettings(rt.db, config);
  if (role === 'web' || role === 'edge' || role === 'all') {
    // Said by the processes that serve the dashboard or the sites, once each, in their own logs.
    for (const warning of hostingDomainWarnings(config)) log.warn({ HOSTING_DOMAIN: config.HOSTING_DOMAIN, PUBLIC_URL: config.PUBLIC_URL }, warning);
  }
  let web: WebServer | undefined;
  let workers: WorkerSet | undefined;
  let edge: EdgeServers | undefined;
  let metrics: MetricsServer | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, HARD_EXIT_MS).unref();
    rt.jobEvents.releaseAll();
    rt.deploymentLogEvents.releaseAll();
    await web?.close();
    await edge?.close();
    await workers?.close(config.SHUTDOWN_TIMEOUT_MS);
    await metrics?.close();
    await rt.close();
    // Last: the spans of everything above (the jobs that finished during the shutdown) go out too.
    await tracing?.shutdown().catch((err: Error) => log.warn({ err: { message: err.message } }, 'could not send the last spans'));
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (config.METRICS_PORT !== undefined) {
    // The edge enqueues nothing, so only the roles that use the queues report their counts.
    if (role !== 'edge') collectQueueCounts(rt.queues);
    collectDatabasePool(rt.database.pool);
    metrics = await startMetricsServer(config.METRICS_PORT, log);
  }
  if (role === 'worker' || role === 'all') workers = await startWorkers(rt);
  if (role === 'web' || role === 'all') web = await startWeb(rt);
  if (role === 'edge' || role === 'all') {
    await waitForRedis(rt.redis);
    edge = await startEdge(rt);
  }
  if (role === 'all') {
    const print = (line: string) => process.stdout.write(`${line}\n`);
    await ensureDemoAccount(rt.db, config, print);
    startupAddresses(config, { webPort: web?.port, edge }).forEach(print);
  }
}

const role = (process.argv[2] ?? 'all') as Role;
if (!ROLES.includes(role)) {
  process.stderr.write(`Unknown role "${role}". Use one of: ${ROLES.join(', ')}.\n`);
  process.exit(2);
}
let config: Config;
try {
  loadEnvFile();
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
main(role, config).catch((err) => {
  process.stderr.write(`kiln ${role} failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
