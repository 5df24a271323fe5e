import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('uses the OWASP argon2id profile (19 MiB, 2 passes) unless the tests ask for a cheaper one', async () => {
    const hashed = await hashPassword('Secret@123');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hashed, 'Secret@123')).toBe(true);
    expect(await verifyPassword(hashed, 'Secret@124')).toBe(false);
  });
});
