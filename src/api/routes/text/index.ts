import type { Hono } from 'hono';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { requireFeature } from '../../middleware/auth';
import { routeGroup } from '../../route-group';
import { registerTextGenerate } from './generate';
import { registerPlagiarismCheck } from './plagiarism-check';

/** Text generation: its own plan feature. */
export function textRoutes(rt: Runtime): Hono<AppEnv> {
  const group = routeGroup(rt, { prefixes: ['/text'], guard: requireFeature('text') });
  registerTextGenerate(group, rt);
  return group;
}

/** Plagiarism checks: a product of their own, though they read text. */
export function plagiarismRoutes(rt: Runtime): Hono<AppEnv> {
  const group = routeGroup(rt, { prefixes: ['/plagiarism'], guard: requireFeature('plagiarism') });
  registerPlagiarismCheck(group, rt);
  return group;
}
