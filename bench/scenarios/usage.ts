import { measure } from '../lib/measure';
import type { Scenario } from '../lib/types';

/** The cheapest authenticated route: key lookup (cached), GCRA rate limit in Redis, one Postgres query. */
export const usage: Scenario = {
  name: 'GET /v1/usage',
  kind: 'api',
  description: 'auth (cached principal) + Redis rate limit (GCRA, leased under load) + usage totals (cached, invalidated on billing)',
  targets: [{ metric: 'rpsRatio', op: '>=', value: 0.35 }],
  run: (ctx) =>
    measure({
      name: 'GET /v1/usage',
      url: `${ctx.apiUrl}/v1/usage`,
      headers: { authorization: `Bearer ${ctx.apiKey}` },
      connections: 50,
      durationS: ctx.durationS,
      warmupS: ctx.warmupS,
    }),
};
