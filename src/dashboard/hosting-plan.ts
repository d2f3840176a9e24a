import type { Context } from 'hono';
import type { Db } from '../db/client';
import { findAccountPlan } from '../db/queries/accounts';
import type { DashEnv } from './context';
import { signedIn } from './guards';

/** Hosting pages answer only when the plan includes hosting, as the API's requireFeature('hosting') does. */
export async function hostingOnPlan(db: Db, c: Context<DashEnv>): Promise<boolean> {
  const plan = await findAccountPlan(db, signedIn(c).accountId);
  return plan?.features.includes('hosting') ?? false;
}
