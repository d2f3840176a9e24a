import type { Context } from 'hono';
import * as v from 'valibot';
import { createWebhookBody, WEBHOOK_DELIVERY_ID_PATTERN, WEBHOOK_ENDPOINT_ID_PATTERN } from '../../webhooks/endpoint-input';
import { findAccountWebhookEndpoint, findEndpointDelivery, listAccountWebhookEndpoints, listEndpointDeliveries } from '../../db/queries/webhooks';
import { nonPublicLiteralHost } from '../../net/address-policy';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  EndpointLimitError,
  replayDelivery,
  sendTestEvent,
} from '../../webhooks/endpoints';
import { WEBHOOK_EVENT_TYPES } from '../../webhooks/event-types';
import { dashboardActor } from '../audit';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { readForm } from '../form';
import { signedIn } from '../guards';
import { listPageLinks, readListPage } from '../list-pages';
import { confirmPage, notFoundPage, renderPage } from '../views/render';
import { DONE_NOTICES, ENDPOINTS_SHOWN, EndpointDetail, WebhooksList, type WebhooksListExtra } from '../views/webhooks';

/**
 * Present, without control characters; the API's own URL rules are checked after (urlProblem), so both
 * refuse the same URLs. A NUL would pass URL parsing (it is percent-encoded there) and then fail in
 * Postgres; the API's JSON body check refuses it, and this does for the form.
 */
const urlField = v.pipe(
  v.string('Enter the endpoint’s URL.'),
  v.trim(),
  v.minLength(1, 'Enter the endpoint’s URL.'),
  v.check((s) => !/[\u0000-\u001f\u007f]/.test(s), 'The URL cannot contain control characters.'),
);

const createForm = v.object({
  url: urlField,
  description: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(200, 'Keep the description under 200 characters.'),
      v.check((s) => !/[\u0000-\u001f\u007f]/.test(s), 'The description cannot contain control characters.'),
    ),
    '',
  ),
  ...Object.fromEntries(WEBHOOK_EVENT_TYPES.map((t) => [`event_${t}`, v.optional(v.string())])),
});

/** The URL's first problem in words, or null: the API's schema, then its refusal of non-public literal hosts. */
function urlProblem(url: string, allowPrivate: boolean): string | null {
  const checked = v.safeParse(createWebhookBody.entries.url, url);
  if (!checked.success) return `The URL ${checked.issues[0].message}.`;
  const refused = allowPrivate ? null : nonPublicLiteralHost(url);
  return refused ? `Kiln cannot send events there: ${refused}; only public addresses get events.` : null;
}

/**
 * Webhooks: the account's endpoints, adding one (its signing secret is shown on the answer to that one
 * POST; the API shows it only when creating too), and per endpoint its delivery log, a test event, replays,
 * enabling it again once disabled, and deleting with confirmation. Every action is the /v1 routes' own code
 * (src/webhooks/endpoints.ts, src/db/queries/webhooks.ts).
 */
export function registerWebhooksPages(app: Dashboard, { rt }: DashboardDeps) {
  const db = rt.db;
  const findEndpoint = (c: Context<DashEnv>, id: string) =>
    WEBHOOK_ENDPOINT_ID_PATTERN.test(id) ? findAccountWebhookEndpoint(db, signedIn(c).accountId, id) : Promise.resolve(null);

  const listPage = async (c: Context<DashEnv>, extra: WebhooksListExtra = {}) => {
    const page = await listAccountWebhookEndpoints(db, signedIn(c).accountId, { limit: ENDPOINTS_SHOWN });
    return renderPage(
      c,
      { title: 'Webhooks', section: 'webhooks' },
      <WebhooksList rows={page.rows} hasMore={page.hasMore} csrfToken={c.get('csrfToken')} extra={extra} />,
      extra.error ? 400 : 200,
    );
  };

  app.get('/webhooks', (c) =>
    listPage(c, { notice: c.req.query('done') === 'deleted' ? 'The endpoint is deleted: no more events are sent to it.' : undefined }),
  );

  app.post('/webhooks', async (c) => {
    const session = signedIn(c);
    const form = await readForm(c, createForm);
    if (!form.ok) return listPage(c, { error: form.first });
    const fields = form.values as Record<string, string | undefined>;
    const eventTypes = WEBHOOK_EVENT_TYPES.filter((t) => fields[`event_${t}`] !== undefined);
    const problem = urlProblem(form.values.url, rt.config.FETCH_ALLOW_PRIVATE);
    if (problem) return listPage(c, { error: problem, values: { url: form.values.url, description: form.values.description, eventTypes } });
    const values = { url: form.values.url, description: form.values.description, eventTypes };
    const created = await createWebhookEndpoint(rt, session.accountId, values, rt.config.WEBHOOK_MAX_ENDPOINTS, dashboardActor(c)).catch((err: unknown) => {
      if (err instanceof EndpointLimitError) return err;
      throw err;
    });
    if (created instanceof EndpointLimitError) return listPage(c, { error: created.message, values });
    return listPage(c, { created });
  });

  app.get('/webhooks/:id', async (c) => {
    const endpoint = await findEndpoint(c, c.req.param('id'));
    if (!endpoint) return notFoundPage(c, 'webhook endpoint');
    const req = await readListPage(c, (id) => (WEBHOOK_DELIVERY_ID_PATTERN.test(id) ? findEndpointDelivery(db, endpoint.id, id) : Promise.resolve(null)));
    if (!req) return notFoundPage(c, 'delivery');
    const page = await listEndpointDeliveries(db, endpoint.id, req);
    const links = listPageLinks(`/dashboard/webhooks/${endpoint.id}`, req, { hasMore: page.hasMore, rows: page.rows.map((r) => r.delivery) });
    const error = c.req.query('error') === 'pending' ? 'That delivery is still being attempted; replay it once it has finished.' : undefined;
    return renderPage(
      c,
      { title: endpoint.url, section: 'webhooks' },
      <EndpointDetail
        endpoint={endpoint}
        rows={page.rows}
        newer={links.newer}
        older={links.older}
        done={DONE_NOTICES[c.req.query('done') ?? '']}
        error={error}
        csrfToken={c.get('csrfToken')}
      />,
    );
  });

  app.post('/webhooks/:id/test', async (c) => {
    const endpoint = await findEndpoint(c, c.req.param('id'));
    if (!endpoint || endpoint.disabledAt) return notFoundPage(c, 'enabled webhook endpoint');
    await sendTestEvent(rt, endpoint, dashboardActor(c));
    return c.redirect(`/dashboard/webhooks/${endpoint.id}?done=test`, 303);
  });

  app.post('/webhooks/:id/enable', async (c) => {
    const session = signedIn(c);
    const id = c.req.param('id');
    if (!WEBHOOK_ENDPOINT_ID_PATTERN.test(id)) return notFoundPage(c, 'webhook endpoint');
    // Audited only when it changed something: a second click (or a stale page) adds no entry.
    const enabled = await enableWebhookEndpoint(rt, session.accountId, id, dashboardActor(c));
    if (!enabled) return notFoundPage(c, 'webhook endpoint');
    return c.redirect(`/dashboard/webhooks/${id}?done=enabled`, 303);
  });

  app.post('/webhooks/:id/deliveries/:delivery/replay', async (c) => {
    const endpoint = await findEndpoint(c, c.req.param('id'));
    const deliveryId = c.req.param('delivery');
    if (!endpoint || endpoint.disabledAt || !WEBHOOK_DELIVERY_ID_PATTERN.test(deliveryId)) return notFoundPage(c, 'delivery');
    const replayed = await replayDelivery(rt, endpoint, deliveryId, dashboardActor(c));
    if (!replayed.ok && replayed.reason === 'not_found') return notFoundPage(c, 'delivery');
    return c.redirect(`/dashboard/webhooks/${endpoint.id}?${replayed.ok ? 'done=replayed' : 'error=pending'}`, 303);
  });

  app.get('/webhooks/:id/delete', async (c) => {
    const endpoint = await findEndpoint(c, c.req.param('id'));
    if (!endpoint) return notFoundPage(c, 'webhook endpoint');
    return confirmPage(
      c,
      {
        title: 'Delete this webhook endpoint?',
        section: 'webhooks',
        action: `/dashboard/webhooks/${endpoint.id}/delete`,
        confirm: 'Delete endpoint',
        cancel: `/dashboard/webhooks/${endpoint.id}`,
      },
      <>
        <p>
          No more events are sent to <span class="mono">{endpoint.url}</span>, and its delivery log is deleted with it. This cannot be undone: adding the URL
          again gives it a new signing secret.
        </p>
      </>,
    );
  });

  app.post('/webhooks/:id/delete', async (c) => {
    const session = signedIn(c);
    const id = c.req.param('id');
    if (!WEBHOOK_ENDPOINT_ID_PATTERN.test(id)) return notFoundPage(c, 'webhook endpoint');
    const deleted = await deleteWebhookEndpoint(rt, session.accountId, id, dashboardActor(c));
    if (!deleted) return notFoundPage(c, 'webhook endpoint');
    return c.redirect('/dashboard/webhooks?done=deleted', 303);
  });
}
