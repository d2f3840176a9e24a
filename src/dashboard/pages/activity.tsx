import { type AuditRow, listAudit } from '../../db/queries/audit';
import type { ActorKind } from '../../db/schema';
import { describeActivity } from '../activity-text';
import type { Dashboard } from '../context';
import type { DashboardDeps } from '../deps';
import { requireOwner, signedIn } from '../guards';
import { Pager, Time } from '../views/forms';
import { ListTable } from '../views/list-table';
import { notFoundPage, renderPage } from '../views/render';

const PAGE_SIZE = 50;

const KIND_NAMES: Record<ActorKind, string> = {
  user: 'user',
  api_key: 'API key',
  cli: 'CLI',
  deploy_hook: 'deploy hook',
  system: 'Kiln',
};

/** Who acted: the label (an email, a key's label and prefix, a hook's name) and what kind of actor it is. */
function ActorCell({ row }: { row: Pick<AuditRow, 'actor' | 'actorKind' | 'actorKeyPrefix' | 'actorId'> }) {
  const kind = KIND_NAMES[row.actorKind] ?? row.actorKind;
  return (
    <span data-actor-kind={row.actorKind}>
      {row.actorKind === 'user' ? row.actor : `${kind} “${row.actor}”`}
      {row.actorKeyPrefix && <span class="mono"> ({row.actorKeyPrefix}…)</span>}
      {row.actorKind === 'deploy_hook' && row.actorId && <span class="mono"> ({row.actorId})</span>}
    </span>
  );
}

/**
 * Activity (owners only): the account's audit trail, newest first, 50 rows a page continuing below the
 * last id shown (`?before=`). Members get the same 404 as for a page that does not exist.
 */
export function registerActivityPage(app: Dashboard, { rt }: DashboardDeps) {
  app.get('/activity', requireOwner(), async (c) => {
    const session = signedIn(c);
    const beforeParam = c.req.query('before');
    if (beforeParam !== undefined && !/^[1-9][0-9]{0,14}$/.test(beforeParam)) return notFoundPage(c, 'page of activity');
    const before = beforeParam === undefined ? undefined : Number(beforeParam);
    const rows = await listAudit(rt.db, session.accountId, { limit: PAGE_SIZE + 1, before });
    const shown = rows.slice(0, PAGE_SIZE);
    const last = shown.at(-1);
    const older = rows.length > PAGE_SIZE && last ? `/dashboard/activity?before=${last.id}` : null;
    return renderPage(
      c,
      { title: 'Activity', section: 'activity' },
      <>
        <p class="muted">
          Who did what to this account, newest first: every change made in this dashboard, with an API key (named by its label and prefix), by a deploy hook or
          by the operator's CLI: sign-ins, keys, members, deployments, domains, deploy hooks, webhooks, files, voices and the plan. The same events are listed
          by <code>GET /v1/audit-events</code>.
          {before !== undefined && (
            <>
              {' '}
              <a href="/dashboard/activity">Back to the newest</a>.
            </>
          )}
        </p>
        <ListTable
          rows={shown}
          empty={before === undefined ? 'Nothing has happened yet.' : 'Nothing older.'}
          columns={['When', 'Who', 'What', 'Target', 'Address']}
          row={(e) => (
            <tr data-audit-id={e.id} data-action={e.action}>
              <td>
                <Time at={e.at} />
              </td>
              <td>
                <ActorCell row={e} />
              </td>
              <td class="prose">{describeActivity(e)}</td>
              <td class="mono">{e.target ?? <span class="muted">—</span>}</td>
              <td class="mono">{e.ip ?? <span class="muted">—</span>}</td>
            </tr>
          )}
        />
        <Pager older={older} />
      </>,
    );
  });
}
