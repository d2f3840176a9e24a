import { trace, type Tracer } from '@opentelemetry/api';

/** The one tracer Kiln's own spans come from (the instrumentation scope seen in a trace viewer). */
export function kilnTracer(): Tracer {
  return trace.getTracer('kiln');
}
