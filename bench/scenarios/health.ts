import { measure } from '../lib/measure';
import type { Scenario } from '../lib/types';

/**
 * Kiln's app with no auth, no rate limit and no database: request id, request log and routing only.
 * Against the baseline it prices Kiln's global middleware; against /v1/usage, auth + limiter + query.
 */
export const health: Scenario = {
  name: 'GET /healthz',
  kind: 'diagnostic',
  description: "Kiln's global middleware only (no auth, no rate limit, no DB)",
  run: (ctx) => measure({ name: 'GET /healthz', url: `${ctx.apiUrl}/healthz`, connections: 50, durationS: ctx.durationS, warmupS: ctx.warmupS }),
};
