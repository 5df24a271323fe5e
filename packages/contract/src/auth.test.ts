import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, loginSchema } from './auth.js';

function fieldMessages(input: unknown): Record<string, string[]> {
  const result = loginSchema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    messages[key] = [...(messages[key] ?? []), issue.message];
  }
  return messages;
}

describe('loginSchema', () => {
  it.each([
    ['missing email', { password: 'x' }, 'email', LOGIN_MESSAGES.email],
    ['empty email', { email: '', password: 'x' }, 'email', LOGIN_MESSAGES.email],
    ['blank email', { email: '   ', password: 'x' }, 'email', LOGIN_MESSAGES.email],
    ['email of wrong type', { email: 42, password: 'x' }, 'email', LOGIN_MESSAGES.email],
    ['overlong email', { email: `${'a'.repeat(250)}@x.in`, password: 'x' }, 'email', LOGIN_MESSAGES.email],
    ['missing password', { email: 'a@b.in' }, 'password', LOGIN_MESSAGES.password],
    ['empty password', { email: 'a@b.in', password: '' }, 'password', LOGIN_MESSAGES.password],
    ['password of wrong type', { email: 'a@b.in', password: null }, 'password', LOGIN_MESSAGES.password],
  ])('rejects %s with the spec message', (_name, input, field, message) => {
    expect(fieldMessages(input)[field]).toEqual([message]);
  });

  it.each([
    ['an email', { email: 'Admin@Example.com', password: 'secret' }],
    ['a username', { email: 'admin', password: 'secret' }],
  ])('accepts %s as the identifier', (_name, input) => {
    expect(loginSchema.safeParse(input).success).toBe(true);
  });

  it('trims the identifier but keeps the password exactly as typed', () => {
    expect(loginSchema.parse({ email: '  admin  ', password: ' pass ' })).toEqual({
      email: 'admin',
      password: ' pass ',
    });
  });

  it('rejects unknown fields', () => {
    const result = loginSchema.safeParse({ email: 'a', password: 'b', remember: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});
