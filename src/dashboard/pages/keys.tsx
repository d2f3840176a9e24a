import type { Context } from 'hono';
import type { FC } from 'hono/jsx';
import * as v from 'valibot';
import { announceRevocation } from '../../accounts/principal-cache';
import { createApiKey, findApiKey, listApiKeys, revokeApiKey } from '../../db/queries/accounts';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { audit } from '../audit';
import { labelField, readForm } from '../form';
import { signedIn } from '../guards';
import { Field, Notice, PostForm, Time } from '../views/forms';
import { notFoundPage, renderPage } from '../views/render';

type KeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

/** Active keys get a revoke link; revoked ones say when instead. */
const KeyTable: FC<{ keys: KeyRow[] }> = ({ keys }) => (
  <div class="table-wrap">
    <table>
      <thead>
        <tr>
          <th scope="col">Label</th>
          <th scope="col">Key</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col">{keys[0]?.revokedAt ? 'Revoked' : <span class="visually-hidden">Actions</span>}</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => (
          <tr data-key-id={k.id}>
            <td>{k.label}</td>
            <td class="mono">{k.prefix}…</td>
            <td>
              <Time at={k.createdAt} />
            </td>
            <td data-last-used>
              <Time at={k.lastUsedAt} never="Never" />
            </td>
            <td>
              {k.revokedAt ? (
                <Time at={k.revokedAt} />
              ) : (
                <a href={`/dashboard/keys/${k.id}/revoke`} class="danger" aria-label={`Revoke ${k.label}`}>
                  Revoke
                </a>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
/** What a key id looks like; anything else (NUL, odd bytes Postgres refuses) is no key, without a query. */
const KEY_ID = /^key_[a-z0-9]{1,64}$/;

const createForm = v.object({ label: labelField('label', 100) });

/**
 * API Keys: create with a label (the key is shown on the answer to that one POST and never again:
 * only its hash is stored), list, revoke with confirmation. Revoking is the CLI's revoke: the row first,
 * then every API process is told to forget the key, so it is refused at once everywhere.
 */
export function registerKeysPages(app: Dashboard, { rt }: DashboardDeps) {
  const db = rt.db;

  const keysPage = async (c: Context<DashEnv>, extra: { created?: { key: string; label: string }; error?: string; notice?: string; label?: string } = {}) => {
    const session = signedIn(c);
    const keys = await listApiKeys(db, session.accountId);
    const active = keys.filter((k) => !k.revokedAt);
    const revoked = keys.filter((k) => k.revokedAt);
    return renderPage(
      c,
      { title: 'API keys', section: 'keys' },
      <>
        {extra.notice && <Notice kind="ok">{extra.notice}</Notice>}
        {extra.created && (
          <section class="reveal" aria-labelledby="new-key">
            <h2 id="new-key">Your new key “{extra.created.label}”</h2>
            <Notice kind="warn">
              Copy it now. Kiln keeps only a hash of it, so this is the only time it can be shown: if you lose it, revoke it and create another.
            </Notice>
            <div class="copy-row">
              <label for="new-key-value" class="visually-hidden">
                New API key
              </label>
              <input id="new-key-value" class="mono" type="text" value={extra.created.key} readonly data-select-on-focus />
              <button type="button" data-copy="#new-key-value">
                Copy
              </button>
            </div>
            <p class="hint">
              Use it as <code>Authorization: Bearer {extra.created.key.slice(0, 11)}…</code> on every request to <code>{rt.config.PUBLIC_URL}/v1</code>.
            </p>
          </section>
        )}
        <section aria-labelledby="create">
          <h2 id="create">Create a key</h2>
          {extra.error && <Notice kind="error">{extra.error}</Notice>}
          <PostForm action="/dashboard/keys" csrfToken={c.get('csrfToken')} class="inline">
            <Field label="Label" name="label" value={extra.label} required maxlength={100} hint="What uses it, e.g. “production server” or “CI”." />
            <button type="submit" class="primary">
              Create key
            </button>
          </PostForm>
        </section>
        <section aria-labelledby="active">
          <h2 id="active">Active keys</h2>
          {active.length === 0 ? <p class="muted">No active keys. Create one above to call the API.</p> : <KeyTable keys={active} />}
          <p class="hint">Last use is recorded within about a minute of each request.</p>
        </section>
        {revoked.length > 0 && (
          <section aria-labelledby="revoked">
            <h2 id="revoked">Revoked keys</h2>
            <KeyTable keys={revoked} />
          </section>
        )}
      </>,
      extra.error ? 400 : 200,
    );
  };

  app.get('/keys', (c) =>
    keysPage(c, { notice: c.req.query('done') === 'revoked' ? 'The key is revoked: requests with it are refused from now on.' : undefined }),
  );

  app.post('/keys', async (c) => {
    const session = signedIn(c);
    const form = await readForm(c, createForm);
    if (!form.ok) return keysPage(c, { error: form.first });
    const created = await db.transaction(async (tx) => {
      const key = await createApiKey(tx, { accountId: session.accountId, label: form.values.label });
      await audit(c, tx, 'key.created', key.id, { label: key.label, prefix: key.displayPrefix });
      return key;
    });
    return keysPage(c, { created: { key: created.key, label: created.label } });
  });

  app.get('/keys/:id/revoke', async (c) => {
    const id = c.req.param('id');
    const key = KEY_ID.test(id) ? await findApiKey(db, signedIn(c).accountId, id) : null;
    if (!key || key.revokedAt) return notFoundPage(c, 'active key');
    return renderPage(
      c,
      { title: `Revoke “${key.label}”?`, section: 'keys' },
      <>
        <p>
          Requests with <span class="mono">{key.prefix}…</span> will be refused at once, on every server. This cannot be undone: a revoked key never works
          again.
        </p>
        <PostForm action={`/dashboard/keys/${key.id}/revoke`} csrfToken={c.get('csrfToken')} class="actions">
          <button type="submit" class="danger">
            Revoke key
          </button>
          <a href="/dashboard/keys">Cancel</a>
        </PostForm>
      </>,
    );
  });

  app.post('/keys/:id/revoke', async (c) => {
    const session = signedIn(c);
    const id = c.req.param('id');
    if (!KEY_ID.test(id)) return notFoundPage(c, 'active key');
    const revoked = await db.transaction(async (tx) => {
      const row = await revokeApiKey(tx, id, session.accountId);
      if (row) await audit(c, tx, 'key.revoked', row.id, { label: row.label });
      return row;
    });
    if (!revoked) return notFoundPage(c, 'active key');
    rt.principals.evictKey(revoked.hash);
    await announceRevocation(rt.redis, rt.channels.keyRevoked, revoked.hash);
    return c.redirect('/dashboard/keys?done=revoked', 303);
  });
}
