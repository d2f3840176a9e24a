import { SYSTEM } from '../audit/actor';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { hashPassword } from '../dashboard/passwords';
import type { Db } from '../db/client';
import { createAccount, findDemoAccount } from '../db/queries/accounts';
import { createApiKey } from '../accounts/create-api-key';
import { createMember, findUserByEmail } from '../db/queries/users';

export const DEMO_EMAIL = 'demo@example.com';

/**
 * In development the first start creates a demo account on the business plan and prints its key and
 * its dashboard sign-in (the only time they can be shown); later starts say which account it is and how
 * to get a new key or password.
 */
export async function ensureDemoAccount(db: Db, config: Config, print: (line: string) => void): Promise<void> {
  if (config.NODE_ENV !== 'development') return;
  const existing = await findDemoAccount(db);
  if (existing) {
    print(`Demo account: ${existing.id} (business plan). Its key was printed on first start; make another with:`);
    print(`  npm run cli -- keys create --account ${existing.id} --label demo`);
    if (await findUserByEmail(db, DEMO_EMAIL)) {
      print(
        `Dashboard: ${config.PUBLIC_URL}/dashboard as ${DEMO_EMAIL} (password printed on first start; new one: npm run cli -- users reset-password --email ${DEMO_EMAIL})`,
      );
    } else {
      printSignIn(print, config, await createDemoUser(db, existing.id));
    }
    return;
  }
  const password = demoPassword();
  const passwordHash = await hashPassword(password);
  const { account, key } = await db.transaction(async (tx) => {
    const account = await createAccount(tx, { name: 'Demo', planId: 'business', isDemo: true });
    const key = await createApiKey(tx, { accountId: account.id, label: 'demo' }, SYSTEM);
    await createMember(tx, { email: DEMO_EMAIL, passwordHash, accountId: account.id, role: 'owner' });
    return { account, key };
  });
  print('');
  print(`Demo account ${account.id} created on the business plan. Its API key (shown only now):`);
  print('');
  print(`  ${key.key}`);
  print('');
  printSignIn(print, config, password);
  print('Try it:');
  print(`  curl -s ${config.PUBLIC_URL}/v1/usage -H "Authorization: Bearer ${key.key}"`);
  print(
    `  curl -s ${config.PUBLIC_URL}/v1/image/generate -H "Authorization: Bearer ${key.key}" -H "Content-Type: application/json" -d '{"prompt":"a red sun over blue mountains","size":"512x512"}'`,
  );
  print('');
}

function demoPassword(): string {
  return randomBytes(12).toString('base64url');
}

async function createDemoUser(db: Db, accountId: string): Promise<string> {
  const password = demoPassword();
  await createMember(db, { email: DEMO_EMAIL, passwordHash: await hashPassword(password), accountId, role: 'owner' });
  return password;
}

function printSignIn(print: (line: string) => void, config: Config, password: string) {
  print(`Dashboard sign-in (shown only now): ${config.PUBLIC_URL}/dashboard`);
  print(`  email ${DEMO_EMAIL}   password ${password}`);
  print('');
}
