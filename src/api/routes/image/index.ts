import type { Hono } from 'hono';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { requireFeature } from '../../middleware/auth';
import { routeGroup } from '../../route-group';
import { registerImageGenerate } from './generate';

export function imageRoutes(rt: Runtime): Hono<AppEnv> {
  const group = routeGroup(rt, { prefixes: ['/image'], guard: requireFeature('image') });
  registerImageGenerate(group, rt);
  return group;
}
