import type { Hono } from 'hono';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { requireFeature } from '../../middleware/auth';
import { routeGroup } from '../../route-group';
import { registerClone } from './clone';
import { registerSynthesize } from './synthesize';
import { registerVoices } from './voices';

/** Speech and voices: `/voice/…` does things, `/voices` lists and manages what was cloned. */
export function voiceRoutes(rt: Runtime): Hono<AppEnv> {
  const group = routeGroup(rt, { prefixes: ['/voice', '/voices'], guard: requireFeature('voice') });
  registerSynthesize(group, rt);
  registerClone(group, rt);
  registerVoices(group, rt);
  return group;
}
