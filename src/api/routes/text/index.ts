import type { Hono } from 'hono';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { requireFeature } from '../../middleware/auth';
import { routeGroup } from '../../route-group';
import { registerTextGenerate } from './generate';
import { registerPlagiarismCheck } from './plagiarism-check';
import { isSourceUpload, registerCreatePlagiarismSource } from './plagiarism-sources-create';
import { registerDeletePlagiarismSource } from './plagiarism-sources-delete';
import { registerListPlagiarismSources } from './plagiarism-sources-list';
import { registerReadPlagiarismSource } from './plagiarism-sources-read';

/** Text generation: its own plan feature. */
export function textRoutes(rt: Runtime): Hono<AppEnv> {
  const group = routeGroup(rt, { prefixes: ['/text'], guard: requireFeature('text') });
  registerTextGenerate(group, rt);
  return group;
}

/** Plagiarism checks and the account's own sources: a product of their own, though they read text. A source sent as a file streams against the upload limit. */
export function plagiarismRoutes(rt: Runtime): Hono<AppEnv> {
  const group = routeGroup(rt, { prefixes: ['/plagiarism'], guard: requireFeature('plagiarism'), streams: isSourceUpload });
  registerPlagiarismCheck(group, rt);
  registerCreatePlagiarismSource(group, rt);
  registerListPlagiarismSources(group, rt);
  registerReadPlagiarismSource(group, rt);
  registerDeletePlagiarismSource(group, rt);
  return group;
}
