import type { Config } from '../config';
import type { Db } from '../db/client';
import { createAccount, createApiKey, findDemoAccount } from '../db/queries/accounts';

/**
 * In development the first start creates a demo account on the business plan and prints its key (the
 * only time it can be shown); later starts say which account it is and how to make another key.
 */
export async function ensureDemoAccount(db: Db, config: Config, print: (line: string) => void): Promise<void> {
  if (config.NODE_ENV !== 'development') return;
  const existing = await findDemoAccount(db);
  if (existing) {
    print(`Demo account: ${existing.id} (business plan). Its key was printed on first start; make another with:`);
    print(`  npm run cli -- keys create --account ${existing.id} --label demo`);
    return;
  }
  const { account, key } = await db.transaction(async (tx) => {
    const account = await createAccount(tx, { name: 'Demo', planId: 'business', isDemo: true });
    const key = await createApiKey(tx, { accountId: account.id, label: 'demo' });
    return { account, key };
  });
  print('');
  print(`Demo account ${account.id} created on the business plan. Its API key (shown only now):`);
  print('');
  print(`  ${key.key}`);
  print('');
  print('Try it:');
  print(`  curl -s ${config.PUBLIC_URL}/v1/usage -H "Authorization: Bearer ${key.key}"`);
  print(
    `  curl -s ${config.PUBLIC_URL}/v1/image/generate -H "Authorization: Bearer ${key.key}" -H "Content-Type: application/json" -d '{"prompt":"a red sun over blue mountains","size":"512x512"}'`,
  );
  print('');
}
