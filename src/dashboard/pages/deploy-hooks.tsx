import type { Context } from 'hono';
import type { FC } from 'hono/jsx';
import * as v from 'valibot';
import { type DeployHookRow, listSiteDeployHooks } from '../../db/queries/deploy-hooks';
import { createDeployHook, HOOK_ID_PATTERN, MAX_HOOKS_PER_SITE, removeDeployHook } from '../../hosting/deploy-hooks';
import { dashboardActor } from '../audit';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { readForm } from '../form';
import { requireHosting, signedIn } from '../guards';
import { EnvironmentSelect, Field, Notice, PostForm, Time } from '../views/forms';
import { DangerLink, ListTable } from '../views/list-table';
import { confirmPage, notFoundPage, refusalPage, renderPage } from '../views/render';
import { siteInPath } from '../site-in-path';

const createForm = v.object({
  name: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(100, 'Keep the name under 100 characters.'),
      v.check((s) => !/[\u0000-\u001f\u007f]/.test(s), 'The name cannot contain control characters.'),
    ),
    '',
  ),
  environment: v.optional(v.picklist(['production', 'preview'], 'Choose production or preview.'), 'production'),
});

/** The site page's "Deploy hooks" section: the list with delete links, and the form that makes one. */
export const DeployHooksSection: FC<{ siteId: string; hooks: DeployHookRow[]; csrfToken: string; error?: string }> = ({ siteId, hooks, csrfToken, error }) => (
  <section aria-labelledby="deploy-hooks">
    <h2 id="deploy-hooks">Deploy hooks</h2>
    <p class="hint">
      A secret URL that redeploys this site’s latest content when something POSTs to it, without an API key: give it to a CMS, a cron job or a CI step.
    </p>
    <ListTable
      rows={hooks}
      empty="No deploy hooks."
      columns={['Name', 'Deploys', 'Created', 'Last called']}
      actions
      row={(h) => (
        <tr data-hook-id={h.id}>
          <td>{h.name ?? <span class="muted mono">{h.id}</span>}</td>
          <td>{h.environment}</td>
          <td>
            <Time at={h.createdAt} />
          </td>
          <td>
            <Time at={h.lastTriggeredAt} never="Never" />
          </td>
          <td>
            <DangerLink href={`/dashboard/sites/${siteId}/hooks/${h.id}/delete`} label={`Delete deploy hook ${h.name ?? h.id}`} />
          </td>
        </tr>
      )}
    />
    {error && <Notice kind="error">{error}</Notice>}
    <PostForm action={`/dashboard/sites/${siteId}/hooks`} csrfToken={csrfToken} class="inline">
      <Field label="Name (optional)" name="name" maxlength={100} hint="What calls it, e.g. “CMS”." />
      <EnvironmentSelect id="f-hook-environment" label="Deploys" />
      <button type="submit">Create deploy hook</button>
    </PostForm>
  </section>
);

/**
 * Deploy hooks in the dashboard: create (the URL is shown on the answer to that one POST and never
 * again, as a new API key is), delete with confirmation. Both call what the /v1 routes call.
 */
export function registerDeployHookPages(app: Dashboard, { rt }: DashboardDeps) {
  const db = rt.db;
  // Without hosting on the plan a site's hooks are as absent as another account's.
  const siteOnPlan = requireHosting(db, (c) => notFoundPage(c, 'site'));
  const hookOnPlan = requireHosting(db, (c) => notFoundPage(c, 'deploy hook'));

  app.post('/sites/:site/hooks', siteOnPlan, async (c) => {
    const site = await siteInPath(db, c);
    if (!site) return notFoundPage(c, 'site');
    const form = await readForm(c, createForm);
    const back = `/dashboard/sites/${site.id}`;
    const refuse = (error: string) =>
      refusalPage(c, { title: `Deploy hooks of ${site.id}`, section: 'sites' }, error, { href: `${back}#deploy-hooks`, label: `Back to ${site.id}` }, 400);
    if (!form.ok) return refuse(form.first);
    const { name, environment } = form.values;
    const outcome = await createDeployHook(db, rt.config, {
      accountId: signedIn(c).accountId,
      siteId: site.id,
      name: name || null,
      environment,
      actor: dashboardActor(c),
    });
    if (outcome.kind === 'not_found') return notFoundPage(c, 'site');
    if (outcome.kind === 'too_many') return refuse(`${site.id} already has ${MAX_HOOKS_PER_SITE} deploy hooks; delete one first.`);
    return renderPage(
      c,
      { title: `Deploy hook for ${site.id}`, section: 'sites' },
      <section class="reveal" aria-labelledby="new-hook">
        <h2 id="new-hook">Your new deploy hook{outcome.hook.name ? ` “${outcome.hook.name}”` : ''}</h2>
        <Notice kind="warn">
          Copy the URL now. Kiln keeps only a hash of its secret, so this is the only time it can be shown: if you lose it, delete the hook and create another.
        </Notice>
        <div class="copy-row">
          <label for="new-hook-url" class="visually-hidden">
            Deploy hook URL
          </label>
          <input id="new-hook-url" class="mono" type="text" value={outcome.url} readonly data-select-on-focus />
          <button type="button" data-copy="#new-hook-url">
            Copy
          </button>
        </div>
        <p class="hint">
          <code>curl -X POST {outcome.url.replace(/[^/]+$/, '…')}</code> redeploys {site.id} ({environment}) from its latest content, at most 10 times a minute.
        </p>
        <p>
          <a href={`${back}#deploy-hooks`}>Back to {site.id}</a>
        </p>
      </section>,
    );
  });

  const hookOf = async (c: Context<DashEnv>, siteId: string) => {
    const id = c.req.param('hook') ?? '';
    if (!HOOK_ID_PATTERN.test(id)) return null;
    return (await listSiteDeployHooks(db, signedIn(c).accountId, siteId)).find((h) => h.id === id) ?? null;
  };

  app.get('/sites/:site/hooks/:hook/delete', hookOnPlan, async (c) => {
    const site = await siteInPath(db, c);
    const hook = site && (await hookOf(c, site.id));
    if (!site || !hook) return notFoundPage(c, 'deploy hook');
    return confirmPage(
      c,
      {
        title: `Delete deploy hook ${hook.name ? `“${hook.name}”` : hook.id}?`,
        section: 'sites',
        action: `/dashboard/sites/${site.id}/hooks/${hook.id}/delete`,
        confirm: 'Delete deploy hook',
        cancel: `/dashboard/sites/${site.id}#deploy-hooks`,
      },
      <p>
        Its URL stops working at once: whatever calls it gets 404 and no longer redeploys <strong>{site.id}</strong>. This cannot be undone.
      </p>,
    );
  });

  app.post('/sites/:site/hooks/:hook/delete', hookOnPlan, async (c) => {
    const site = await siteInPath(db, c);
    const id = c.req.param('hook');
    if (!site || !HOOK_ID_PATTERN.test(id)) return notFoundPage(c, 'deploy hook');
    const deleted = await removeDeployHook(db, { accountId: signedIn(c).accountId, siteId: site.id, hookId: id, actor: dashboardActor(c) });
    if (!deleted) return notFoundPage(c, 'deploy hook');
    return c.redirect(`/dashboard/sites/${site.id}?done=hook_deleted#deploy-hooks`, 303);
  });
}
