import type { Context } from 'hono';
import * as v from 'valibot';
import { parseKeyRateLimit } from '../../accounts/key-settings';
import { announceRevocation } from '../../accounts/principal-cache';
import { findAccountPlan, findApiKey, listApiKeys, type Scope, SCOPES } from '../../db/queries/accounts';
import { createApiKey, revokeApiKeyAudited } from '../../accounts/create-api-key';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { dashboardActor } from '../audit';
import { labelField, readForm } from '../form';
import { signedIn } from '../guards';
import { Field, Notice, PostForm } from '../views/forms';
import { KeyTable } from '../views/keys';
import { confirmPage, notFoundPage, renderPage } from '../views/render';

/** What a key id looks like; anything else (NUL, odd bytes Postgres refuses) is no key, without a query. */
const KEY_ID = /^key_[a-z0-9]{1,64}$/;

const EXPIRY_CHOICES = ['never', '7', '30', '90', 'custom'] as const;
type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];
const DAY_MS = 86_400_000;

const createForm = v.object({
  label: labelField('label', 100),
  /** Sent by the form with its scope checkboxes; a post without it (a script, an older page) gets every scope. */
  scopes_shown: v.optional(v.string()),
  ...Object.fromEntries(SCOPES.map((f) => [`scope_${f}`, v.optional(v.string())])),
  expires: v.optional(v.picklist(EXPIRY_CHOICES, 'Choose when the key expires.'), 'never'),
  expires_on: v.optional(v.string(), ''),
  rate_limit: v.optional(v.string(), ''),
});

/** What the person filled in, to show the form again as it was after an error. */
interface KeyFormValues {
  label?: string;
  scopes?: readonly Scope[];
  expires?: ExpiryChoice;
  expiresOn?: string;
  rateLimit?: string;
}

/**
 * The new key's settings from the form, or the first thing wrong with them in words. All products
 * checked is stored as "all" (null), so the key also covers products added to the plan later. A custom
 * date is the last day the key works: it expires at the end of that day, UTC.
 */
function keySettingsOf(
  form: v.InferOutput<typeof createForm>,
  now: Date,
): { ok: true; scopes: Scope[] | null; expiresAt: Date | null; rateLimitPerMinute: number | null } | { ok: false; error: string } {
  const fields = form as Record<string, string | undefined>;
  const checked = form.scopes_shown === undefined ? [...SCOPES] : SCOPES.filter((f) => fields[`scope_${f}`] !== undefined);
  if (checked.length === 0) return { ok: false, error: 'Choose at least one product the key may call.' };
  let expiresAt: Date | null = null;
  if (form.expires === 'custom') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(form.expires_on.trim());
    const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== form.expires_on.trim())
      return { ok: false, error: 'Enter the expiry date as a date, e.g. 2027-01-31.' };
    expiresAt = new Date(day.getTime() + DAY_MS);
    if (expiresAt.getTime() <= now.getTime()) return { ok: false, error: 'The expiry date has passed; choose today or a later day.' };
  } else if (form.expires !== 'never') {
    expiresAt = new Date(now.getTime() + Number(form.expires) * DAY_MS);
  }
  let rateLimitPerMinute: number | null = null;
  if (form.rate_limit.trim() !== '') {
    rateLimitPerMinute = parseKeyRateLimit(form.rate_limit);
    if (rateLimitPerMinute === null)
      return { ok: false, error: 'Enter the key’s limit as a whole number of requests per minute (at least 1), or leave it empty.' };
  }
  return { ok: true, scopes: checked.length === SCOPES.length ? null : checked, expiresAt, rateLimitPerMinute };
}

/** The scopes' names as the form shows them. */
const SCOPE_NAMES: Record<Scope, string> = {
  text: 'Text generation',
  plagiarism: 'Plagiarism checks',
  image: 'Image generation',
  voice: 'Voice',
  files: 'Files',
  hosting: 'Hosting',
  usage: 'Usage',
  webhooks: 'Webhooks (endpoints receive every product’s events)',
  audit: 'Audit events (read the account’s activity)',
};

/**
 * API Keys: create with a label (the key is shown on the answer to that one POST and never again:
 * only its hash is stored), list, revoke with confirmation. Revoking is the CLI's revoke: the row first,
 * then every API process is told to forget the key, so it is refused at once everywhere.
 */
export function registerKeysPages(app: Dashboard, { rt }: DashboardDeps) {
  const db = rt.db;

  const keysPage = async (
    c: Context<DashEnv>,
    extra: { created?: { key: string; label: string }; error?: string; notice?: string; values?: KeyFormValues } = {},
  ) => {
    const session = signedIn(c);
    const [keys, plan] = await Promise.all([listApiKeys(db, session.accountId), findAccountPlan(db, session.accountId)]);
    const now = new Date();
    const values = extra.values ?? {};
    const checked = values.scopes ?? SCOPES;
    const expires = values.expires ?? 'never';
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
          <PostForm action="/dashboard/keys" csrfToken={c.get('csrfToken')} class="key-form">
            <Field label="Label" name="label" value={values.label} required maxlength={100} hint="What uses it, e.g. “production server” or “CI”." />
            <input type="hidden" name="scopes_shown" value="1" />
            <fieldset class="scopes" aria-describedby="scopes-hint">
              <legend>What this key may call</legend>
              {SCOPES.map((f) => (
                <label class="check">
                  <input type="checkbox" name={`scope_${f}`} value="on" checked={checked.includes(f)} /> {SCOPE_NAMES[f]} <span class="muted mono">({f})</span>
                </label>
              ))}
              <p class="hint" id="scopes-hint">
                Any other product answers 403. All checked means every product, also ones added to the plan later. Managing webhooks needs the webhooks scope:
                an endpoint receives the events of every product, so give it only to a key you would trust with all of them.
              </p>
            </fieldset>
            <div class="field">
              <label for="f-expires">Expires</label>
              <select id="f-expires" name="expires">
                <option value="never" selected={expires === 'never'}>
                  Never
                </option>
                {(['7', '30', '90'] as const).map((d) => (
                  <option value={d} selected={expires === d}>
                    In {d} days
                  </option>
                ))}
                <option value="custom" selected={expires === 'custom'}>
                  On a date (below)
                </option>
              </select>
            </div>
            <div class="field">
              <label for="f-expires_on">Expiry date</label>
              <input id="f-expires_on" name="expires_on" type="date" value={values.expiresOn} aria-describedby="f-expires_on-hint" />
              <p class="hint" id="f-expires_on-hint">
                With “On a date”: the last day the key works (it expires at the end of that day, UTC).
              </p>
            </div>
            <div class="field">
              <label for="f-rate_limit">Requests per minute (optional)</label>
              <input
                id="f-rate_limit"
                name="rate_limit"
                type="number"
                min="1"
                step="1"
                inputmode="numeric"
                value={values.rateLimit}
                aria-describedby="f-rate_limit-hint"
              />
              <p class="hint" id="f-rate_limit-hint">
                This key’s own limit; empty for the account’s{plan ? ` (${plan.rateLimitPerMinute}/min)` : ''}. A higher number has no effect: the account’s
                limit still applies.
              </p>
            </div>
            <button type="submit" class="primary">
              Create key
            </button>
          </PostForm>
        </section>
        <section aria-labelledby="active">
          <h2 id="active">Active keys</h2>
          {active.length === 0 ? <p class="muted">No active keys. Create one above to call the API.</p> : <KeyTable keys={active} now={now} />}
          <p class="hint">Last use is recorded within about a minute of each request.</p>
        </section>
        {revoked.length > 0 && (
          <section aria-labelledby="revoked">
            <h2 id="revoked">Revoked keys</h2>
            <KeyTable keys={revoked} now={now} />
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
    const settings = keySettingsOf(form.values, new Date());
    if (!settings.ok) {
      const fields = form.values as Record<string, string | undefined>;
      return keysPage(c, {
        error: settings.error,
        values: {
          label: form.values.label,
          scopes: form.values.scopes_shown === undefined ? SCOPES : SCOPES.filter((f) => fields[`scope_${f}`] !== undefined),
          expires: form.values.expires,
          expiresOn: form.values.expires_on,
          rateLimit: form.values.rate_limit,
        },
      });
    }
    const { scopes, expiresAt, rateLimitPerMinute } = settings;
    const created = await createApiKey(
      db,
      { accountId: session.accountId, label: form.values.label, scopes, expiresAt, rateLimitPerMinute },
      dashboardActor(c),
    );
    return keysPage(c, { created: { key: created.key, label: created.label } });
  });

  app.get('/keys/:id/revoke', async (c) => {
    const id = c.req.param('id');
    const key = KEY_ID.test(id) ? await findApiKey(db, signedIn(c).accountId, id) : null;
    if (!key || key.revokedAt) return notFoundPage(c, 'active key');
    return confirmPage(
      c,
      { title: `Revoke “${key.label}”?`, section: 'keys', action: `/dashboard/keys/${key.id}/revoke`, confirm: 'Revoke key', cancel: '/dashboard/keys' },
      <>
        <p>
          Requests with <span class="mono">{key.prefix}…</span> will be refused at once, on every server. This cannot be undone: a revoked key never works
          again.
        </p>
      </>,
    );
  });

  app.post('/keys/:id/revoke', async (c) => {
    const session = signedIn(c);
    const id = c.req.param('id');
    if (!KEY_ID.test(id)) return notFoundPage(c, 'active key');
    const revoked = await revokeApiKeyAudited(db, { keyId: id, accountId: session.accountId, actor: dashboardActor(c) });
    if (!revoked) return notFoundPage(c, 'active key');
    rt.principals.evictKey(revoked.hash);
    await announceRevocation(rt.redis, rt.channels.keyRevoked, revoked.hash);
    return c.redirect('/dashboard/keys?done=revoked', 303);
  });
}
