import { listAudit } from '../../db/queries/audit';
import { describeActivity } from '../activity-text';
import type { Dashboard } from '../context';
import type { DashboardDeps } from '../deps';
import { requireOwner, signedIn } from '../guards';
import { Pager, Time } from '../views/forms';
import { ListTable } from '../views/list-table';
import { notFoundPage, renderPage } from '../views/render';

const PAGE_SIZE = 50;

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
          Who did what to this account: sign-ins, keys, members, domains, deployments and deletions, newest first.
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
              <td>{e.actor}</td>
              <td>{describeActivity(e)}</td>
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
