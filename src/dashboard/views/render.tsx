import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DashEnv } from '../context';
import { Notice, PostForm } from './forms';
import { Page, PublicPage, type Section } from './layout';

/** A signed-in page for the current request, with its session and form token filled in. */
export function renderPage(c: Context<DashEnv>, head: { title: string; section: Section }, body: Child, status: ContentfulStatusCode = 200) {
  const session = c.get('session');
  if (!session) return renderPublic(c, head.title, body, status);
  return c.html(
    <Page title={head.title} section={head.section} session={session} csrfToken={c.get('csrfToken')}>
      {body}
    </Page>,
    status,
  );
}

export function renderPublic(c: Context<DashEnv>, title: string, body: Child, status: ContentfulStatusCode = 200) {
  return c.html(<PublicPage title={title}>{body}</PublicPage>, status);
}

export function notFoundPage(c: Context<DashEnv>, what = 'page') {
  return renderPage(
    c,
    { title: 'Not found', section: 'overview' },
    <p>
      There is no such {what} in this account. <a href="/dashboard">Back to the overview</a>.
    </p>,
    404,
  );
}

export interface Confirmation {
  title: string;
  section: Section;
  /** Where the confirming POST goes. */
  action: string;
  /** The button's words, e.g. "Delete file". */
  confirm: string;
  /** `danger` for what cannot be undone, `primary` for a change that can be. */
  tone?: 'danger' | 'primary';
  cancel: string;
}

/**
 * The page a destructive or consequential link leads to: what will happen, then one POST button and a way
 * back. A GET never changes anything, so a prefetching browser or a pasted link cannot delete by accident.
 */
export function confirmPage(c: Context<DashEnv>, confirmation: Confirmation, explanation: Child) {
  const { title, section, action, confirm, tone = 'danger', cancel } = confirmation;
  return renderPage(
    c,
    { title, section },
    <>
      {explanation}
      <PostForm action={action} csrfToken={c.get('csrfToken')} class="actions">
        <button type="submit" class={tone}>
          {confirm}
        </button>
        <a href={cancel}>Cancel</a>
      </PostForm>
    </>,
  );
}

/** A refused form or action on a page of its own: what was wrong, in words, and the way back. */
export function refusalPage(
  c: Context<DashEnv>,
  head: { title: string; section: Section },
  message: Child,
  back: { href: string; label: string },
  status: ContentfulStatusCode,
) {
  return renderPage(
    c,
    head,
    <>
      <Notice kind="error">{message}</Notice>
      <p>
        <a href={back.href}>{back.label}</a>
      </p>
    </>,
    status,
  );
}
