export { recordHttpMetrics } from './http-middleware';
export { collectDatabasePool } from './db-pool-collector';
export { collectQueueCounts } from './queue-collector';
export { edgeCacheLookups, edgeProxiedBytes, edgeRequests, jobDuration, jobFailures, registry, webhookDeliveryLag } from './registry';
export { startMetricsServer, type MetricsServer } from './server';
