import type { Context, Hono } from 'hono';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { requireFeature } from '../../middleware/auth';
import { routeGroup } from '../../route-group';
import { registerFileChat } from './chat';
import { registerDeleteFile } from './delete';
import { registerListFiles } from './list';
import { registerReadFile } from './read';
import { registerFileUpload, UPLOAD_PATH } from './upload';

/** The upload streams to disk against its own 20 MB limit, counted as it arrives. */
const isUpload = (c: Context<AppEnv>) => c.req.method === 'POST' && c.req.path === `/v1${UPLOAD_PATH}`;

/** File chat: `/file/…` does things, `/files` lists and manages what was uploaded. */
export function fileRoutes(rt: Runtime): Hono<AppEnv> {
  const group = routeGroup(rt, { prefixes: ['/file', '/files'], guard: requireFeature('files'), streams: isUpload });
  registerFileUpload(group, rt);
  registerFileChat(group, rt);
  registerListFiles(group, rt);
  registerReadFile(group, rt);
  registerDeleteFile(group, rt);
  return group;
}
