import type { FC } from 'hono/jsx';
import type { DeliveryLogRow, WebhookEndpointRow } from '../../db/queries/webhooks';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../webhooks/event-types';
import { Field, Notice, Pager, PostForm, Time } from './forms';
import { ListTable } from './list-table';

/** How many endpoints the list shows: an account has a handful; the API lists the rest. */
export const ENDPOINTS_SHOWN = 100;

interface FormValues {
  url?: string;
  description?: string;
  eventTypes?: readonly WebhookEventType[];
}

/** What the list page shows besides the endpoints: the endpoint just added (with its secret), a notice, or the add form's refusal. */
export interface WebhooksListExtra {
  created?: WebhookEndpointRow;
  error?: string;
  notice?: string;
  values?: FormValues;
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

/** The Webhooks page: a new endpoint's secret once, the account's endpoints, and the add form. */
export const WebhooksList: FC<{ rows: WebhookEndpointRow[]; hasMore: boolean; csrfToken: string; extra: WebhooksListExtra }> = ({
  rows,
  hasMore,
  csrfToken,
  extra,
}) => {
  const values = extra.values ?? {};
  const checked = values.eventTypes ?? [];
  return (
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
        {rows.length === 0 ? (
          <p class="muted">No endpoints yet. Add one below to be told when jobs, deployments, domains, voices and files change.</p>
        ) : (
          <>
            {rows
              .filter((e) => e.disabledAt)
              .map((e) => (
                <DisabledNotice e={e} />
              ))}
            <ListTable
              rows={rows}
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
            {hasMore && <p class="hint">Only the newest {ENDPOINTS_SHOWN} endpoints are shown; GET /v1/webhooks lists them all.</p>}
          </>
        )}
      </section>
      <section aria-labelledby="create">
        <h2 id="create">Add an endpoint</h2>
        {extra.error && <Notice kind="error">{extra.error}</Notice>}
        <PostForm action="/dashboard/webhooks" csrfToken={csrfToken} class="webhook-form">
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
    </>
  );
};

export const DONE_NOTICES: Record<string, string> = {
  test: 'A test event is queued: its delivery is at the top of the log.',
  replayed: 'The delivery is queued for one more attempt.',
  enabled: 'The endpoint is enabled: new events are sent to it again. Replay any delivery it missed while disabled.',
};

/** One endpoint: the notice of what was just done, its facts and actions, and its delivery log. */
export const EndpointDetail: FC<{
  endpoint: WebhookEndpointRow;
  rows: DeliveryLogRow[];
  newer: string | null;
  older: string | null;
  done: string | undefined;
  error: string | undefined;
  csrfToken: string;
}> = ({ endpoint, rows, newer, older, done, error, csrfToken }) => {
  const base = `/dashboard/webhooks/${endpoint.id}`;
  return (
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
          <PostForm action={`${base}/enable`} csrfToken={csrfToken}>
            <button type="submit">Enable endpoint</button>
          </PostForm>
        )}
        {!endpoint.disabledAt && (
          <PostForm action={`${base}/test`} csrfToken={csrfToken}>
            <button type="submit">Send test event</button>
          </PostForm>
        )}
        <a href={`${base}/delete`} class="danger">
          Delete endpoint
        </a>
      </div>
      <section aria-labelledby="deliveries">
        <h2 id="deliveries">Deliveries</h2>
        {rows.length === 0 ? <p class="muted">No deliveries yet.</p> : <DeliveryTable endpoint={endpoint} rows={rows} csrfToken={csrfToken} />}
        <Pager newer={newer} older={older} />
      </section>
    </>
  );
};
