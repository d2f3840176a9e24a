import type { Hono } from 'hono';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { requireFeature } from '../../middleware/auth';
import { routeGroup } from '../../route-group';
import { isSampleUpload, registerClone } from './clone';
import { registerSynthesize } from './synthesize';
import { registerVoices } from './voices';

/** Speech and voices: `/voice/…` does things, `/voices` lists and manages what was cloned. */
export function voiceRoutes(rt: Runtime): Hono<AppEnv> {
  // A clone that uploads its sample streams against VOICE_SAMPLE_MAX_BYTES; every JSON body keeps the 2 MB limit.
  const group = routeGroup(rt, {
    prefixes: ['/voice', '/voices'],
    guard: requireFeature('voice'),
    streams: (c) => c.req.method === 'POST' && isSampleUpload(c),
  });
  registerSynthesize(group, rt);
  registerClone(group, rt);
  registerVoices(group, rt);
  return group;
}
