import type { Context } from 'hono';
import type { Db } from '../db/client';
import { findAccountSite } from '../db/queries/sites';
import { SITE_ID_PATTERN } from '../hosting/urls';
import type { DashEnv } from './context';
import { signedIn } from './guards';

/** The signed-in account's site named by the path's `:site`, or null: a malformed id is no site, without a query. */
export async function siteInPath(db: Db, c: Context<DashEnv>) {
  const siteId = c.req.param('site') ?? '';
  return SITE_ID_PATTERN.test(siteId) ? findAccountSite(db, signedIn(c).accountId, siteId) : null;
}
