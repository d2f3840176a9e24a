import type { Hono } from 'hono';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { routeGroup } from '../../route-group';
import { registerJobCancel } from './cancel';
import { registerJobEvents } from './events';
import { registerJobs } from './read';

/** Jobs belong to the product that made them: each route checks that product's scope on the job it finds. */
export function jobRoutes(rt: Runtime): Hono<AppEnv> {
  const group = routeGroup(rt, { prefixes: ['/jobs'] });
  registerJobs(group, rt);
  registerJobEvents(group, rt);
  registerJobCancel(group, rt);
  return group;
}
