import type { Hono } from 'hono';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { requireFeature } from '../../middleware/auth';
import { routeGroup } from '../../route-group';
import { isArchiveUpload, registerCreateDeployment } from './deployments-create';
import { isDigestUpload, registerDigestUploads } from './deployments-digests';
import { registerListDeployments } from './deployments-list';
import { registerPromoteDeployment } from './deployments-promote';
import { registerReadDeployment } from './deployments-read';
import { registerRollbackDeployment } from './deployments-rollback';
import { registerDomains } from './domains';
import { registerListDomains } from './domains-list';
import { registerDeployHooks } from './hooks';
import { registerReadSite } from './sites-read';

/**
 * Site hosting's API. An uploaded archive and a digest deploy's file stream against their own limits. (A deploy
 * hook's trigger is not here: its URL's secret is its credential, not a key.)
 */
export function hostingRoutes(rt: Runtime): Hono<AppEnv> {
  const group = routeGroup(rt, { prefixes: ['/hosting'], guard: requireFeature('hosting'), streams: (c) => isArchiveUpload(c) || isDigestUpload(c) });
  registerCreateDeployment(group, rt);
  registerDigestUploads(group, rt);
  registerListDeployments(group, rt);
  registerReadDeployment(group, rt);
  registerRollbackDeployment(group, rt);
  registerPromoteDeployment(group, rt);
  registerReadSite(group, rt);
  registerDeployHooks(group, rt);
  registerDomains(group, rt);
  registerListDomains(group, rt);
  return group;
}
