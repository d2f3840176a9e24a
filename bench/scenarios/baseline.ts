import { measure } from '../lib/measure';
import type { Scenario } from '../lib/types';

/** Bare Hono hello-world on @hono/node-server: the ceiling of the HTTP stack on this machine, right now. */
export const baseline: Scenario = {
  name: 'baseline GET / (hello)',
  kind: 'baseline',
  description: 'bare Hono hello-world, same HTTP stack, no middleware',
  run: (ctx) => measure({ name: 'baseline GET /', url: `${ctx.baselineUrl}/`, connections: 50, durationS: ctx.durationS, warmupS: ctx.warmupS }),
};
