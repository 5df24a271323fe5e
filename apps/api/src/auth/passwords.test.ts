import { describe, expect, it, vi } from 'vitest';

describe('password hashing', () => {
  it('uses the OWASP argon2id profile (19 MiB, 2 passes) unless the tests ask for a cheaper one', async () => {
    // Test files share loaded modules (vitest.config.ts) and the API tests lower the cost: a fresh copy
    // of the module shows what the server starts with.
    vi.resetModules();
    const { hashPassword, verifyPassword } = await import('./passwords.js');
    const hashed = await hashPassword('Secret@123');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hashed, 'Secret@123')).toBe(true);
    expect(await verifyPassword(hashed, 'Secret@124')).toBe(false);
  });
});
