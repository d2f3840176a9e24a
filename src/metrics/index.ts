export { recordHttpMetrics } from './http-middleware';
export { collectQueueCounts } from './queue-collector';
export { edgeCacheLookups, edgeRequests, jobDuration, jobFailures, registry, webhookDeliveryLag } from './registry';
export { startMetricsServer, type MetricsServer } from './server';
