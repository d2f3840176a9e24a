import type { Child, FC } from 'hono/jsx';
import type { SignedIn } from '../context';
import { CsrfField } from './forms';

export const NAV = [
  { href: '/dashboard', label: 'Overview', section: 'overview' },
  { href: '/dashboard/keys', label: 'API keys', section: 'keys' },
  { href: '/dashboard/sites', label: 'Sites', section: 'sites' },
  { href: '/dashboard/domains', label: 'Domains', section: 'domains' },
  { href: '/dashboard/voices', label: 'Voices', section: 'voices' },
  { href: '/dashboard/files', label: 'Files', section: 'files' },
  { href: '/dashboard/webhooks', label: 'Webhooks', section: 'webhooks' },
  { href: '/dashboard/activity', label: 'Activity', section: 'activity', ownersOnly: true },
  { href: '/dashboard/members', label: 'Members', section: 'members', ownersOnly: true },
] as const;

export type Section = (typeof NAV)[number]['section'] | 'account';

const Head: FC<{ title: string }> = ({ title }) => (
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="same-origin" />
    <title>{`${title} · Kiln`}</title>
    <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
    <script src="/dashboard/assets/dashboard.js" defer />
  </head>
);

/** A signed-in page: the account's navigation, who is signed in, and the page's own content. */
export const Page: FC<{ title: string; section: Section; session: SignedIn; csrfToken: string; children?: Child }> = ({
  title,
  section,
  session,
  csrfToken,
  children,
}) => (
  <html lang="en">
    <Head title={title} />
    <body>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href="/dashboard">
          Kiln
        </a>
        <span class="account" title={session.accountId}>
          {session.accountName} <span class="plan">{session.planId}</span>
        </span>
        <nav aria-label="Sections">
          <ul>
            {NAV.filter((item) => !('ownersOnly' in item) || session.role === 'owner').map((item) => (
              <li>
                <a href={item.href} aria-current={item.section === section ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <a href="/dashboard/account" aria-current={section === 'account' ? 'page' : undefined}>
            {session.email}
          </a>
          <form method="post" action="/dashboard/sign-out">
            <CsrfField token={csrfToken} />
            <button type="submit" class="link">
              Sign out
            </button>
          </form>
        </div>
      </header>
      <main id="main">
        <h1>{title}</h1>
        {children}
      </main>
    </body>
  </html>
);

/** Sign-in, sign-up and one-time-link pages: no navigation, one narrow card. */
export const PublicPage: FC<{ title: string; children?: Child }> = ({ title, children }) => (
  <html lang="en">
    <Head title={title} />
    <body class="public">
      <main id="main" class="card narrow">
        <p class="brand">Kiln</p>
        <h1>{title}</h1>
        {children}
      </main>
    </body>
  </html>
);
