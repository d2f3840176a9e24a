import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { hashPassword } from '../../src/dashboard/passwords';
import { createAccount, type PlanId } from '../../src/db/queries/accounts';
import { createMember } from '../../src/db/queries/users';
import type { MemberRole } from '../../src/db/schema';
import type { Runtime } from '../../src/runtime';

/**
 * A browser's side of the dashboard for `app.request()` tests: it keeps cookies between requests, reads
 * the form token from the last page, and posts forms the way a browser does (same-origin fetch metadata).
 */
export class DashboardClient {
  private cookies = new Map<string, string>();
  csrf = '';
  lastHtml = '';

  constructor(
    private readonly app: Pick<Hono, 'request'>,
    readonly origin = 'http://localhost',
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const res = await this.app.request(`${this.origin}${path}`, { headers: { cookie: this.cookieHeader, ...headers }, redirect: 'manual' });
    this.remember(res);
    if ((res.headers.get('content-type') ?? '').includes('text/html')) {
      this.lastHtml = await res.clone().text();
      const token = /name="_csrf" value="([^"]+)"/.exec(this.lastHtml)?.[1];
      if (token) this.csrf = token;
    }
    return res;
  }

  /** Posts a form with the current token (override `_csrf` to test refusals). */
  async post(path: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Response> {
    const body = new URLSearchParams({ _csrf: this.csrf, ...fields });
    const res = await this.app.request(`${this.origin}${path}`, {
      method: 'POST',
      body,
      headers: {
        cookie: this.cookieHeader,
        'content-type': 'application/x-www-form-urlencoded',
        origin: this.origin,
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      redirect: 'manual',
    });
    this.remember(res);
    if ((res.headers.get('content-type') ?? '').includes('text/html')) this.lastHtml = await res.clone().text();
    return res;
  }

  /** Posts a multipart form (a file upload) as a browser sends one: the token first, then the fields in order. */
  async postMultipart(path: string, parts: [name: string, value: string | Blob, filename?: string][], opts: { csrf?: string | null } = {}): Promise<Response> {
    const body = new FormData();
    if (opts.csrf !== null) body.append('_csrf', opts.csrf ?? this.csrf);
    for (const [name, value, filename] of parts) {
      if (typeof value === 'string') body.append(name, value);
      else body.append(name, value, filename);
    }
    const res = await this.app.request(`${this.origin}${path}`, {
      method: 'POST',
      body,
      headers: { cookie: this.cookieHeader, origin: this.origin, 'sec-fetch-site': 'same-origin' },
      redirect: 'manual',
    });
    this.remember(res);
    if ((res.headers.get('content-type') ?? '').includes('text/html')) this.lastHtml = await res.clone().text();
    return res;
  }

  async signIn(email: string, password: string): Promise<Response> {
    await this.get('/dashboard/sign-in');
    return this.post('/dashboard/sign-in', { email, password });
  }
}

export interface DashboardUser {
  accountId: string;
  email: string;
  password: string;
  userId: string;
}

/** A fresh account with one user (an owner unless said otherwise), made directly in the database. */
export async function createDashboardUser(
  rt: Pick<Runtime, 'db'>,
  opts: { plan?: PlanId; role?: MemberRole; accountId?: string } = {},
): Promise<DashboardUser> {
  const accountId = opts.accountId ?? (await createAccount(rt.db, { name: `Test ${randomBytes(3).toString('hex')}`, planId: opts.plan ?? 'business' })).id;
  const email = `user-${randomBytes(6).toString('hex')}@example.com`;
  const password = `pw-${randomBytes(9).toString('base64url')}`;
  const user = await createMember(rt.db, { email, passwordHash: await hashPassword(password), accountId, role: opts.role ?? 'owner' });
  return { accountId, email, password, userId: user!.id };
}

/** A client already signed in as a new user of a new account. */
export async function signedInClient(app: Pick<Hono, 'request'>, rt: Pick<Runtime, 'db'>, opts: Parameters<typeof createDashboardUser>[1] = {}) {
  const user = await createDashboardUser(rt, opts);
  const client = new DashboardClient(app);
  const res = await client.signIn(user.email, user.password);
  if (res.status !== 303) throw new Error(`sign-in failed with ${res.status}`);
  await client.get('/dashboard');
  return { client, user };
}
