// My Profile's rules: a blank (or null) photo, phone or address is none, what is typed is trimmed
// and checked with the sign-up and booking rules, and a photo must be a Google avatar over https.
import { describe, expect, it } from 'vitest';
import { accountProfileSchema } from './account';
import { messages } from './messages';

const profile = { displayName: 'Ada Rider', photoUrl: '', phone: '', address: '' };

function problem(fields: Partial<Record<keyof typeof profile, unknown>>): string | undefined {
  const result = accountProfileSchema.safeParse({ ...profile, ...fields });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('accountProfileSchema', () => {
  it('keeps blank or null photo, phone and address as none, and trims what was typed', () => {
    expect(accountProfileSchema.parse({ displayName: ' Ada ', photoUrl: '  ', phone: null, address: ' 1 Road ' })).toEqual({
      displayName: 'Ada',
      photoUrl: null,
      phone: null,
      address: '1 Road',
    });
  });

  it('keeps a Google avatar address as the browser would write it', () => {
    expect(accountProfileSchema.parse({ ...profile, photoUrl: ' https://LH3.googleusercontent.com/a/x ' }).photoUrl).toBe(
      'https://lh3.googleusercontent.com/a/x',
    );
  });

  it.each([
    'http://lh3.googleusercontent.com/a/x',
    'https://lh3.googleusercontent.com.evil.example/a',
    'https://user:pass@lh3.googleusercontent.com/a',
    'https://rider@lh3.googleusercontent.com/a',
    'https://:secret@lh3.googleusercontent.com/a',
    'https://tracker.example/pixel.png',
    '/images/avatars/avatar-1.svg',
    'javascript:alert(1)',
    `https://lh3.googleusercontent.com/${'a'.repeat(2100)}`,
  ])('refuses the photo %s', (photoUrl) => expect(problem({ photoUrl })).toBe(messages.photoUrlNotAllowed));

  it('keeps a photo address up to 2,048 characters long', () => {
    const longest = `https://lh3.googleusercontent.com/${'a'.repeat(2048 - 'https://lh3.googleusercontent.com/'.length)}`;
    expect(accountProfileSchema.parse({ ...profile, photoUrl: longest }).photoUrl).toBe(longest);
    expect(problem({ photoUrl: `${longest}a` })).toBe(messages.photoUrlNotAllowed);
  });

  it('checks the phone and address with the booking form’s rules', () => {
    expect(problem({ phone: '12' })).toBe(messages.phoneInvalid);
    expect(problem({ phone: '+1 555 0100' })).toBeUndefined();
    expect(problem({ address: 'Road\u0000 1' })).toBe(messages.textHasControlCharacters);
  });

  it('checks the name with the sign-up rule', () => {
    expect(problem({ displayName: '' })).toBe(messages.nameRequired);
    expect(problem({ displayName: 'Ada\u2066x' })).toBe(messages.displayNameInvalid);
  });
});
