import { createRequire } from 'node:module';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, hostDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { Logger } from '../logger';

/**
 * The OpenTelemetry SDK, loaded only by a process that traces (src/tracing/start.ts imports this
 * module on demand). Spans are batched and sent by OTLP/HTTP as JSON to `tracesUrl` (from the config);
 * the exporter reads the headers, timeout and compression from the standard OTEL_EXPORTER_OTLP_*
 * variables, the provider reads
 * the sampler (OTEL_TRACES_SAMPLER, default parent-based always-on) and the batch sizes (OTEL_BSP_*).
 */
export function registerTracing(opts: { serviceName: string; tracesUrl: string; log: Logger }): { shutdown(): Promise<void> } {
  // The SDK's own complaints (a collector that refuses or is down) go to the process log, not stderr.
  diag.setLogger(
    {
      error: (message, ...args) => opts.log.warn({ otel: args.map(String) }, `tracing: ${message}`),
      warn: (message, ...args) => opts.log.warn({ otel: args.map(String) }, `tracing: ${message}`),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    DiagLogLevel.WARN,
  );
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over Kiln's defaults.
  const resource = defaultResource()
    .merge(detectResources({ detectors: [hostDetector] }))
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: opts.serviceName, [ATTR_SERVICE_VERSION]: kilnVersion() }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: opts.tracesUrl }))] });
  // The global tracer provider, the AsyncLocalStorage context manager and the W3C propagators.
  provider.register();
  return { shutdown: () => provider.shutdown() };
}

function kilnVersion(): string {
  return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
}
