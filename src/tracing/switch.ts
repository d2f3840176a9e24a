import type { Config } from '../config';

/**
 * Whether this process traces: set once by startTracing (src/tracing/start.ts) after the SDK is
 * registered. The hot paths ask this before touching the OpenTelemetry API, so a process without an
 * OTLP endpoint does no tracing work at all, not even no-op spans.
 */
let on = false;

export function tracingOn(): boolean {
  return on;
}

export function markTracingOn(): void {
  on = true;
}

/** An endpoint for traces is set and the specification's kill switch is not. */
export function tracingWanted(config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' | 'OTEL_SDK_DISABLED'>): boolean {
  return !config.OTEL_SDK_DISABLED && (config.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined);
}
