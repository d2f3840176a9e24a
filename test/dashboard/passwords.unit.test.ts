import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from '../../src/dashboard/passwords';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts each hash, so the same password stores differently', async () => {
    expect(await hashPassword('same password here')).not.toBe(await hashPassword('same password here'));
  });

  it('treats Unicode forms of one password alike', async () => {
    const stored = await hashPassword('caf\u00e9 au lait!');
    expect(await verifyPassword('cafe\u0301 au lait!', stored)).toBe(true);
  });

  it('refuses a malformed stored hash and marks weaker parameters for rehash', async () => {
    expect(await verifyPassword('anything', 'md5$abc')).toBe(false);
    expect(needsRehash('scrypt$1024$8$1$c2FsdA$aGFzaA')).toBe(true);
  });

  it('explains why a new password is refused', () => {
    expect(passwordProblem('short', 'a@example.com')).toMatch(/at least 10/);
    expect(passwordProblem('a@example.com', 'A@example.com')).toMatch(/email/);
    expect(passwordProblem('aaaaaaaaaaaa', 'a@example.com')).toMatch(/different characters/);
    expect(passwordProblem('x'.repeat(257), 'a@example.com')).toMatch(/at most 256/);
    expect(passwordProblem('a fine long passphrase', 'a@example.com')).toBeNull();
  });
});
