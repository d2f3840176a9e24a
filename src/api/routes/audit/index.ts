import type { Hono } from 'hono';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { requireKeyScope } from '../../middleware/auth';
import { routeGroup } from '../../route-group';
import { registerListAuditEvents } from './list';

/**
 * The account's audit trail: no plan feature (every plan has it), only the key's `audit` scope. A key
 * narrowed to one product cannot read what the account's other keys and people did.
 */
export function auditRoutes(rt: Runtime): Hono<AppEnv> {
  const group = routeGroup(rt, { prefixes: ['/audit-events'], guard: requireKeyScope('audit') });
  registerListAuditEvents(group, rt);
  return group;
}
