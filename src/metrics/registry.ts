import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The process's one Prometheus registry and the series Kiln records. Module-level on purpose: every part
 * of a process (API, workers, edge) records into the same registry, which the metrics server exposes.
 * Labels stay bounded: route templates (never raw paths), queue and job names, status codes.
 */
export const registry = new Registry();
// process_cpu_seconds_total, heap, GC, and nodejs_eventloop_lag_* (sampled every 10 ms by default).
collectDefaultMetrics({ register: registry });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export const httpRequests = new Counter({
  name: 'kiln_http_requests_total',
  help: 'API requests answered, by route template, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'kiln_http_request_duration_seconds',
  help: 'Time to answer an API request (until the handler returned its response), by route template, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'kiln_job_duration_seconds',
  help: 'Time one job attempt took in a worker, by queue, job and outcome (ok, failed, cancelled)',
  labelNames: ['queue', 'job', 'outcome'] as const,
  buckets: JOB_SECONDS,
  registers: [registry],
});

export const jobFailures = new Counter({
  name: 'kiln_job_failures_total',
  help: 'Job attempts that failed, by queue and job (final: no retry follows)',
  labelNames: ['queue', 'job', 'final'] as const,
  registers: [registry],
});

export const edgeRequests = new Counter({
  name: 'kiln_edge_requests_total',
  help: 'Requests the hosting edge answered, by scheme and status',
  labelNames: ['scheme', 'status'] as const,
  registers: [registry],
});

export const edgeCacheLookups = new Counter({
  name: 'kiln_edge_cache_lookups_total',
  help: "Lookups in the edge's in-memory blob cache, by result (hit, miss)",
  labelNames: ['result'] as const,
  registers: [registry],
});

export const edgeProxiedBytes = new Counter({
  name: 'kiln_edge_proxied_bytes_total',
  help: 'Body bytes the hosting edge relayed from other servers for `_redirects` proxy rules (200 to a URL)',
  registers: [registry],
});

export const webhookDeliveryLag = new Histogram({
  name: 'kiln_webhook_delivery_lag_seconds',
  help: 'From the event being created to its successful delivery (retries included)',
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600, 21600, 86400],
  registers: [registry],
});
