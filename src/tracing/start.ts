import type { Config } from '../config';
import type { Logger } from '../logger';
import { markTracingOn, tracingWanted } from './switch';

export interface Tracing {
  /** Sends the spans still buffered, then stops: the last step of a graceful shutdown. */
  shutdown(): Promise<void>;
}

/**
 * Starts tracing when an OTLP endpoint is set: the SDK is imported here, on demand, so a process without
 * one never loads it. Answers null when tracing is off.
 */
export async function startTracing(config: Config, role: string, log: Logger): Promise<Tracing | null> {
  if (!tracingWanted(config)) return null;
  const { registerTracing } = await import('./sdk');
  const serviceName = config.OTEL_SERVICE_NAME ?? `kiln-${role}`;
  // The specification's rule: the signal's own variable is the whole URL; the general one gets /v1/traces.
  const tracesUrl = config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? `${config.OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces`;
  const tracing = registerTracing({ serviceName, tracesUrl, log });
  markTracingOn();
  log.info({ endpoint: tracesUrl, service: serviceName }, 'tracing on');
  return tracing;
}
