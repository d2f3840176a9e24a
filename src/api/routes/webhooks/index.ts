import type { Hono } from 'hono';
import type { Runtime } from '../../../runtime';
import type { AppEnv } from '../../context';
import { requireKeyScope } from '../../middleware/auth';
import { routeGroup } from '../../route-group';
import { registerCreateWebhook } from './create';
import { registerDeleteWebhook } from './delete';
import { registerListWebhookDeliveries } from './deliveries';
import { registerEnableWebhook } from './enable';
import { registerListWebhooks } from './list';
import { registerReadWebhook } from './read';
import { registerReplayWebhookDelivery } from './replay';
import { registerTestWebhook } from './test-event';
import { registerUpdateWebhook } from './update';

/** Webhook endpoints receive every product's events: no plan feature, only the key's `webhooks` scope. */
export function webhookRoutes(rt: Runtime): Hono<AppEnv> {
  const group = routeGroup(rt, { prefixes: ['/webhooks'], guard: requireKeyScope('webhooks') });
  registerCreateWebhook(group, rt);
  registerListWebhooks(group, rt);
  registerReadWebhook(group, rt);
  registerUpdateWebhook(group, rt);
  registerDeleteWebhook(group, rt);
  registerListWebhookDeliveries(group, rt);
  registerReplayWebhookDelivery(group, rt);
  registerTestWebhook(group, rt);
  registerEnableWebhook(group, rt);
  return group;
}
