import type { Context } from 'hono';
import * as v from 'valibot';
import { listAccountMembers, listOpenInvitations, removeMember } from '../../db/queries/users';
import { MEMBER_ROLES, type MemberRole } from '../../db/schema';
import { audit } from '../audit';
import type { Dashboard, DashEnv } from '../context';
import type { DashboardDeps } from '../deps';
import { emailField, readForm } from '../form';
import { requireOwner, signedIn } from '../guards';
import { inviteLink, LinkRefused, type OneTimeLink } from '../links';
import { Field, Notice, PostForm, Time } from '../views/forms';
import { DangerLink, ListTable } from '../views/list-table';
import { confirmPage, notFoundPage, renderPage } from '../views/render';

const inviteForm = v.object({ email: emailField, role: v.picklist(MEMBER_ROLES, 'Choose a role.') });

const ROLE_LABELS: Record<MemberRole, string> = { owner: 'Owner', member: 'Member' };

/**
 * Members (owners only): who can sign in to this account, open invitations, inviting someone and removing
 * a member. Kiln sends no email, so an invitation's one-time link is shown once, on the answer to the
 * POST that made it, for the owner to pass on. Removing someone also ends their sessions in this account.
 */
export function registerMembersPages(app: Dashboard, { rt }: DashboardDeps) {
  const db = rt.db;
  const invitationsOff = rt.config.DASHBOARD_SIGNUP === 'closed';

  app.use('/members', requireOwner());
  app.use('/members/*', requireOwner());

  const membersPage = async (
    c: Context<DashEnv>,
    extra: { invited?: OneTimeLink & { email: string }; error?: string; email?: string; role?: string; notice?: string } = {},
  ) => {
    const session = signedIn(c);
    const [members, invitations] = await Promise.all([listAccountMembers(db, session.accountId), listOpenInvitations(db, session.accountId)]);
    const owners = members.filter((m) => m.role === 'owner').length;
    return renderPage(
      c,
      { title: 'Members', section: 'members' },
      <>
        {extra.notice && <Notice kind="ok">{extra.notice}</Notice>}
        {extra.invited && (
          <section class="reveal" aria-labelledby="new-invite">
            <h2 id="new-invite">Invitation link for {extra.invited.email}</h2>
            <Notice kind="warn">
              Kiln sends no email: copy this link now and give it to them yourself. It is shown only this once, works once, and expires at{' '}
              <Time at={extra.invited.expiresAt} />.
            </Notice>
            <div class="copy-row">
              <label for="invite-link" class="visually-hidden">
                Invitation link
              </label>
              <input id="invite-link" class="mono" type="text" value={extra.invited.url} readonly data-select-on-focus />
              <button type="button" data-copy="#invite-link">
                Copy
              </button>
            </div>
          </section>
        )}
        <section aria-labelledby="invite">
          <h2 id="invite">Invite someone</h2>
          {invitationsOff ? (
            <Notice kind="warn">Invitations are off on this Kiln (DASHBOARD_SIGNUP=closed). Ask its operator to turn them on.</Notice>
          ) : (
            <>
              {extra.error && <Notice kind="error">{extra.error}</Notice>}
              <PostForm action="/dashboard/members" csrfToken={c.get('csrfToken')} class="inline">
                <Field label="Email" name="email" type="email" value={extra.email} required maxlength={254} autocomplete="off" />
                <div class="field">
                  <label for="f-role">Role</label>
                  <select id="f-role" name="role" aria-describedby="f-role-hint">
                    {MEMBER_ROLES.map((r) => (
                      <option value={r} selected={(extra.role ?? 'member') === r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                  <p class="hint" id="f-role-hint">
                    Owners also manage members and see the activity log.
                  </p>
                </div>
                <button type="submit" class="primary">
                  Create invitation link
                </button>
              </PostForm>
            </>
          )}
        </section>
        <section aria-labelledby="people">
          <h2 id="people">People</h2>
          <ListTable
            rows={members}
            columns={['Email', 'Role', 'Member since']}
            actions
            row={(m) => (
              <tr data-user-id={m.userId}>
                <td>
                  {m.email}
                  {m.userId === session.userId && <span class="muted"> (you)</span>}
                </td>
                <td>{ROLE_LABELS[m.role]}</td>
                <td>
                  <Time at={m.since} />
                </td>
                <td>
                  {m.userId !== session.userId && !(m.role === 'owner' && owners <= 1) && (
                    <DangerLink href={`/dashboard/members/${m.userId}/remove`} label={`Remove ${m.email}`}>
                      Remove
                    </DangerLink>
                  )}
                </td>
              </tr>
            )}
          />
        </section>
        <section aria-labelledby="open-invitations">
          <h2 id="open-invitations">Open invitations</h2>
          <ListTable
            rows={invitations}
            empty="No open invitations."
            columns={['Email', 'Role', 'Created', 'Expires']}
            row={(i) => (
              <tr>
                <td>{i.email}</td>
                <td>{ROLE_LABELS[i.role]}</td>
                <td>
                  <Time at={i.createdAt} />
                </td>
                <td>
                  <Time at={i.expiresAt} />
                </td>
              </tr>
            )}
          />
          <p class="hint">A link that was lost cannot be shown again; create another for the same address.</p>
        </section>
      </>,
      extra.error ? 400 : 200,
    );
  };

  app.get('/members', (c) =>
    membersPage(c, { notice: c.req.query('done') === 'removed' ? 'Removed: they can no longer sign in to this account.' : undefined }),
  );

  app.post('/members', async (c) => {
    const session = signedIn(c);
    if (invitationsOff) return membersPage(c);
    const form = await readForm(c, inviteForm);
    if (!form.ok) return membersPage(c, { error: form.first });
    const { email, role } = form.values;
    const members = await listAccountMembers(db, session.accountId);
    if (members.some((m) => m.email === email)) return membersPage(c, { error: `${email} is already a member of this account.`, email, role });
    try {
      const link = await db.transaction((tx) =>
        inviteLink(tx, rt.config, { accountId: session.accountId, email, role, invitedBy: { userId: session.userId, email: session.email } }),
      );
      return membersPage(c, { invited: { ...link, email } });
    } catch (err) {
      if (err instanceof LinkRefused) return membersPage(c, { error: 'Invitations are off on this Kiln.' });
      throw err;
    }
  });

  /** Who may be removed by this owner: anyone else in the account, unless they are its only owner. */
  const removable = async (c: Context<DashEnv>) => {
    const session = signedIn(c);
    const members = await listAccountMembers(db, session.accountId);
    const target = members.find((m) => m.userId === c.req.param('userId'));
    if (!target) return { page: notFoundPage(c, 'member') };
    const problem =
      target.userId === session.userId
        ? 'You cannot remove yourself. Another owner can remove you.'
        : target.role === 'owner' && members.filter((m) => m.role === 'owner').length <= 1
          ? `${target.email} is the account’s only owner, and an account always keeps one.`
          : null;
    if (problem) return { page: refusal(c, problem) };
    return { target };
  };

  const refusal = (c: Context<DashEnv>, problem: string) =>
    renderPage(
      c,
      { title: 'Cannot remove', section: 'members' },
      <>
        <Notice kind="error">{problem}</Notice>
        <p>
          <a href="/dashboard/members">Back to members</a>
        </p>
      </>,
      400,
    );

  app.get('/members/:userId/remove', async (c) => {
    const found = await removable(c);
    if (!found.target) return found.page;
    const { target } = found;
    return confirmPage(
      c,
      {
        title: `Remove ${target.email}?`,
        section: 'members',
        action: `/dashboard/members/${target.userId}/remove`,
        confirm: 'Remove member',
        cancel: '/dashboard/members',
      },
      <>
        <p>
          {target.email} ({ROLE_LABELS[target.role].toLowerCase()}) will no longer be able to sign in to this account, and their open sessions in it end now.
          Their sign-in itself stays, with any other account they belong to. To let them back, invite them again.
        </p>
      </>,
    );
  });

  app.post('/members/:userId/remove', async (c) => {
    const session = signedIn(c);
    const userId = c.req.param('userId');
    if (userId === session.userId) return refusal(c, 'You cannot remove yourself. Another owner can remove you.');
    const outcome = await db.transaction(async (tx) => {
      const removed = await removeMember(tx, session.accountId, userId);
      if (removed.ok) await audit(c, tx, 'user.removed', removed.email, { user_id: userId, role: removed.role });
      return removed;
    });
    if (!outcome.ok && outcome.reason === 'not_found') return notFoundPage(c, 'member');
    if (!outcome.ok) return refusal(c, 'That is the account’s only owner, and an account always keeps one.');
    return c.redirect('/dashboard/members?done=removed', 303);
  });
}
