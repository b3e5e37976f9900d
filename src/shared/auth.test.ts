// The sign-in and sign-up rules of SPEC.md §5, with the fixed email pattern of DESIGN.md.
import { describe, expect, it } from 'vitest';
import { loginSchema, signupSchema } from './auth';
import { messages } from './messages';

function emailError(email: string): string | undefined {
  const result = loginSchema.safeParse({ email, password: 'secret1' });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('email', () => {
  it.each([
    'a@b.co',
    'first.last@example.com',
    'rider+shop@mail.example.co.uk',
    'x_y-z@bike-parts.store',
    'ALL@CAPS.ORG',
    '123@numbers.io',
  ])('accepts %s', (email) => expect(emailError(email)).toBeUndefined());

  it.each([
    'plain',
    'a@b',
    'a@b.c',
    '@example.com',
    'a@.com',
    'a..b@example.com',
    'a@example..com',
    'a b@example.com',
    '.a@example.com',
  ])('answers "Provide a valid Email" to %s', (email) => expect(emailError(email)).toBe(messages.emailInvalid));

  it('answers "Email is required" when empty', () => {
    expect(emailError('')).toBe(messages.emailRequired);
  });
});

describe('password and name', () => {
  it('requires a password of at least 6 characters', () => {
    const empty = loginSchema.safeParse({ email: 'a@b.co', password: '' });
    expect(empty.error?.issues[0]?.message).toBe(messages.passwordRequired);
    const short = loginSchema.safeParse({ email: 'a@b.co', password: '12345' });
    expect(short.error?.issues[0]?.message).toBe(messages.passwordTooShort);
    expect(loginSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
  });

  it('requires a name to sign up', () => {
    const result = signupSchema.safeParse({ name: '  ', email: 'a@b.co', password: 'secret1' });
    expect(result.error?.issues[0]?.message).toBe(messages.nameRequired);
  });
});
