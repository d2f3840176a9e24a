import type { Context } from 'hono';
import type { FC } from 'hono/jsx';
import * as v from 'valibot';
import { createWebhookBody, WEBHOOK_DELIVERY_ID_PATTERN, WEBHOOK_ENDPOINT_ID_PATTERN } from '../../webhooks/endpoint-input';
import {
  deleteAccountWebhookEndpoint,
  enableAccountWebhookEndpoint,
  findAccountWebhookEndpoint,
  findEndpointDelivery,
  listAccountWebhookEndpoints,
  listEndpointDeliveries,
  type DeliveryLogRow,
  type WebhookEndpointRow,
} from '../../db/queries/webhooks';
import { nonPublicLiteralHost } from '../../net/address-policy';
import { createWebhookEndpoint, EndpointLimitError, replayDelivery, sendTestEvent } from '../../webhooks/endpoints';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../webhooks/event-types';
import { audit } from '../audit';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { readForm } from '../form';
import { signedIn } from '../guards';
import { listPageLinks, readListPage } from '../list-pages';
import { Field, Notice, Pager, PostForm, Time } from '../views/forms';
import { ListTable } from '../views/list-table';
import { confirmPage, notFoundPage, renderPage } from '../views/render';

/** How many endpoints the list shows: an account has a handful; the API lists the rest. */
const ENDPOINTS_SHOWN = 100;

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

interface FormValues {
  url?: string;
  description?: string;
  eventTypes?: readonly WebhookEventType[];
}

/** The URL's first problem in words, or null: the API's schema, then its refusal of non-public literal hosts. */
function urlProblem(url: string, allowPrivate: boolean): string | null {
  const checked = v.safeParse(createWebhookBody.entries.url, url);
  if (!checked.success) return `The URL ${checked.issues[0].message}.`;
  const refused = allowPrivate ? null : nonPublicLiteralHost(url);
  return refused ? `Kiln cannot send events there: ${refused}; only public addresses get events.` : null;
}

const eventTypesText = (types: readonly string[]) => (types.length === 0 ? 'All events' : types.join(', '));

/** Enabled, failing since …, or disabled with its reason. */
const EndpointStatus: FC<{ e: WebhookEndpointRow }> = ({ e }) =>
  e.disabledAt ? (
    <span class="badge error">Disabled</span>
  ) : e.failingSince ? (
    <>
      <span class="badge warn">Failing</span> since <Time at={e.failingSince} />
    </>
  ) : (
    <span class="badge ok">Enabled</span>
  );

/** The notice a disabled endpoint gets wherever it is shown. */
const DisabledNotice: FC<{ e: WebhookEndpointRow }> = ({ e }) => (
  <Notice kind="warn">
    <span data-notice="webhook.disabled">
      {e.url} was disabled <Time at={e.disabledAt} />
      {e.disabledReason ? `: ${e.disabledReason}` : ''}. No events are sent to it; enable it again once it answers.
    </span>
  </Notice>
);

const DELIVERY_BADGE = { succeeded: 'ok', failed: 'error', pending: 'warn' } as const;

const DeliveryTable: FC<{ endpoint: WebhookEndpointRow; rows: DeliveryLogRow[]; csrfToken: string }> = ({ endpoint, rows, csrfToken }) => (
  <ListTable
    rows={rows}
    columns={['Time', 'Event', 'Status', 'Attempts', 'Last code', 'Duration', 'Response']}
    actions
    row={({ delivery, eventType, last }) => (
      <tr data-delivery-id={delivery.id}>
        <td>
          <Time at={delivery.createdAt} />
        </td>
        <td class="mono">{eventType}</td>
        <td>
          <span class={`badge ${DELIVERY_BADGE[delivery.status]}`}>{delivery.status}</span>
        </td>
        <td>{delivery.attempts}</td>
        <td>{last?.statusCode ?? <span class="muted">—</span>}</td>
        <td>{last ? `${last.durationMs} ms` : <span class="muted">—</span>}</td>
        <td>{last?.responseExcerpt ? <pre class="log webhook-response">{last.responseExcerpt}</pre> : <span class="muted">—</span>}</td>
        <td>
          {delivery.status !== 'pending' && !endpoint.disabledAt && (
            <PostForm action={`/dashboard/webhooks/${endpoint.id}/deliveries/${delivery.id}/replay`} csrfToken={csrfToken}>
              <button type="submit" aria-label={`Replay ${eventType} delivery ${delivery.id}`}>
                Replay
              </button>
            </PostForm>
          )}
        </td>
      </tr>
    )}
  />
);

const DONE_NOTICES: Record<string, string> = {
  test: 'A test event is queued: its delivery is at the top of the log.',
  replayed: 'The delivery is queued for one more attempt.',
  enabled: 'The endpoint is enabled: new events are sent to it again. Replay any delivery it missed while disabled.',
};

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

  const listPage = async (c: Context<DashEnv>, extra: { created?: WebhookEndpointRow; error?: string; notice?: string; values?: FormValues } = {}) => {
    const page = await listAccountWebhookEndpoints(db, signedIn(c).accountId, { limit: ENDPOINTS_SHOWN });
    const values = extra.values ?? {};
    const checked = values.eventTypes ?? [];
    return renderPage(
      c,
      { title: 'Webhooks', section: 'webhooks' },
      <>
        {extra.notice && <Notice kind="ok">{extra.notice}</Notice>}
        {extra.created && (
          <section class="reveal" aria-labelledby="new-secret">
            <h2 id="new-secret">Signing secret for {extra.created.url}</h2>
            <Notice kind="warn">
              Copy it now: this is the only time it is shown. Your endpoint needs it to verify the <code>webhook-signature</code> header; if you lose it, delete
              the endpoint and add it again.
            </Notice>
            <div class="copy-row">
              <label for="new-secret-value" class="visually-hidden">
                Signing secret
              </label>
              <input id="new-secret-value" class="mono" type="text" value={extra.created.secret} readonly data-select-on-focus />
              <button type="button" data-copy="#new-secret-value">
                Copy
              </button>
            </div>
            <p class="hint">
              <a href={`/dashboard/webhooks/${extra.created.id}`}>Open the endpoint</a> to send it a test event.
            </p>
          </section>
        )}
        <section aria-labelledby="endpoints">
          <h2 id="endpoints">Endpoints</h2>
          {page.rows.length === 0 ? (
            <p class="muted">No endpoints yet. Add one below to be told when jobs, deployments, domains, voices and files change.</p>
          ) : (
            <>
              {page.rows
                .filter((e) => e.disabledAt)
                .map((e) => (
                  <DisabledNotice e={e} />
                ))}
              <ListTable
                rows={page.rows}
                columns={['URL', 'Description', 'Events', 'Status', 'Added']}
                row={(e) => (
                  <tr data-endpoint-id={e.id}>
                    <td class="mono">
                      <a href={`/dashboard/webhooks/${e.id}`}>{e.url}</a>
                    </td>
                    <td>{e.description || <span class="muted">—</span>}</td>
                    <td>{eventTypesText(e.eventTypes)}</td>
                    <td>
                      <EndpointStatus e={e} />
                    </td>
                    <td>
                      <Time at={e.createdAt} />
                    </td>
                  </tr>
                )}
              />
              {page.hasMore && <p class="hint">Only the newest {ENDPOINTS_SHOWN} endpoints are shown; GET /v1/webhooks lists them all.</p>}
            </>
          )}
        </section>
        <section aria-labelledby="create">
          <h2 id="create">Add an endpoint</h2>
          {extra.error && <Notice kind="error">{extra.error}</Notice>}
          <PostForm action="/dashboard/webhooks" csrfToken={c.get('csrfToken')} class="webhook-form">
            <Field
              label="URL"
              name="url"
              type="url"
              value={values.url}
              required
              maxlength={2048}
              hint="Events are POSTed here, signed. http(s) only; redirects are not followed."
            />
            <Field label="Description (optional)" name="description" value={values.description} maxlength={200} />
            <fieldset class="scopes" aria-describedby="events-hint">
              <legend>Events to send</legend>
              {WEBHOOK_EVENT_TYPES.map((t) => (
                <label class="check">
                  <input type="checkbox" name={`event_${t}`} value="on" checked={checked.includes(t)} /> <span class="mono">{t}</span>
                </label>
              ))}
              <p class="hint" id="events-hint">
                None checked: every event, also types added later.
              </p>
            </fieldset>
            <button type="submit" class="primary">
              Add endpoint
            </button>
          </PostForm>
        </section>
      </>,
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
    const created = await db
      .transaction(async (tx) => {
        const endpoint = await createWebhookEndpoint({ db: tx }, session.accountId, values, rt.config.WEBHOOK_MAX_ENDPOINTS);
        await audit(c, tx, 'webhook.created', endpoint.id, { url: endpoint.url, event_types: endpoint.eventTypes });
        return endpoint;
      })
      .catch((err: unknown) => {
        if (err instanceof EndpointLimitError) return err;
        throw err;
      });
    if (created instanceof EndpointLimitError) return listPage(c, { error: created.message, values });
    return listPage(c, { created });
  });

  app.get('/webhooks/:id', async (c) => {
    const endpoint = await findEndpoint(c, c.req.param('id'));
    if (!endpoint) return notFoundPage(c, 'webhook endpoint');
    const base = `/dashboard/webhooks/${endpoint.id}`;
    const req = await readListPage(c, (id) => (WEBHOOK_DELIVERY_ID_PATTERN.test(id) ? findEndpointDelivery(db, endpoint.id, id) : Promise.resolve(null)));
    if (!req) return notFoundPage(c, 'delivery');
    const page = await listEndpointDeliveries(db, endpoint.id, req);
    const links = listPageLinks(base, req, { hasMore: page.hasMore, rows: page.rows.map((r) => r.delivery) });
    const done = DONE_NOTICES[c.req.query('done') ?? ''];
    const error = c.req.query('error') === 'pending' ? 'That delivery is still being attempted; replay it once it has finished.' : undefined;
    return renderPage(
      c,
      { title: endpoint.url, section: 'webhooks' },
      <>
        {done && <Notice kind="ok">{done}</Notice>}
        {error && <Notice kind="error">{error}</Notice>}
        {endpoint.disabledAt && <DisabledNotice e={endpoint} />}
        <dl class="facts">
          <dt>Id</dt>
          <dd class="mono">{endpoint.id}</dd>
          <dt>Description</dt>
          <dd>{endpoint.description || <span class="muted">—</span>}</dd>
          <dt>Events</dt>
          <dd>{eventTypesText(endpoint.eventTypes)}</dd>
          <dt>Status</dt>
          <dd>
            <EndpointStatus e={endpoint} />
          </dd>
          <dt>Added</dt>
          <dd>
            <Time at={endpoint.createdAt} />
          </dd>
        </dl>
        <div class="actions">
          {endpoint.disabledAt && (
            <PostForm action={`${base}/enable`} csrfToken={c.get('csrfToken')}>
              <button type="submit">Enable endpoint</button>
            </PostForm>
          )}
          {!endpoint.disabledAt && (
            <PostForm action={`${base}/test`} csrfToken={c.get('csrfToken')}>
              <button type="submit">Send test event</button>
            </PostForm>
          )}
          <a href={`${base}/delete`} class="danger">
            Delete endpoint
          </a>
        </div>
        <section aria-labelledby="deliveries">
          <h2 id="deliveries">Deliveries</h2>
          {page.rows.length === 0 ? (
            <p class="muted">No deliveries yet.</p>
          ) : (
            <DeliveryTable endpoint={endpoint} rows={page.rows} csrfToken={c.get('csrfToken')} />
          )}
          <Pager newer={links.newer} older={links.older} />
        </section>
      </>,
    );
  });

  app.post('/webhooks/:id/test', async (c) => {
    const endpoint = await findEndpoint(c, c.req.param('id'));
    if (!endpoint || endpoint.disabledAt) return notFoundPage(c, 'enabled webhook endpoint');
    await sendTestEvent(rt, endpoint);
    return c.redirect(`/dashboard/webhooks/${endpoint.id}?done=test`, 303);
  });

  app.post('/webhooks/:id/enable', async (c) => {
    const session = signedIn(c);
    const id = c.req.param('id');
    if (!WEBHOOK_ENDPOINT_ID_PATTERN.test(id)) return notFoundPage(c, 'webhook endpoint');
    const enabled = await db.transaction(async (tx) => {
      const result = await enableAccountWebhookEndpoint(tx, session.accountId, id);
      // Audited only when it changed something: a second click (or a stale page) adds no entry.
      if (result?.changed) await audit(c, tx, 'webhook.enabled', id, { url: result.endpoint.url });
      return result;
    });
    if (!enabled) return notFoundPage(c, 'webhook endpoint');
    return c.redirect(`/dashboard/webhooks/${id}?done=enabled`, 303);
  });

  app.post('/webhooks/:id/deliveries/:delivery/replay', async (c) => {
    const endpoint = await findEndpoint(c, c.req.param('id'));
    const deliveryId = c.req.param('delivery');
    if (!endpoint || endpoint.disabledAt || !WEBHOOK_DELIVERY_ID_PATTERN.test(deliveryId)) return notFoundPage(c, 'delivery');
    const replayed = await replayDelivery(rt, endpoint, deliveryId);
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
    const deleted = await db.transaction(async (tx) => {
      const endpoint = await findAccountWebhookEndpoint(tx, session.accountId, id);
      if (!endpoint || !(await deleteAccountWebhookEndpoint(tx, session.accountId, id))) return false;
      await audit(c, tx, 'webhook.deleted', id, { url: endpoint.url });
      return true;
    });
    if (!deleted) return notFoundPage(c, 'webhook endpoint');
    return c.redirect('/dashboard/webhooks?done=deleted', 303);
  });
}
