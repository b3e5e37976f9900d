// What the shop keeps of a sign-in's name and photo, for any strings a provider may hold: a name
// it can show as typed or a 400, and a photo only from Google's avatar hosts over https.
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../shared/auth';
import { signInProfile } from './sign-in-profile';

// eslint-disable-next-line no-control-regex -- matching control characters is this check's purpose
const INVISIBLE_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const tricky = fc.constantFrom('a', ' ', 'é', '@', '\u0000', '\u0009', '\u009B', '\u061C', '\u200F', '\u202D', '\u2067', '\uFEFF');

describe('signInProfile', () => {
  it('keeps a name only when the shop can show it, and refuses anything else as bad input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 150 }), fc.string({ unit: tricky, maxLength: 120 })), (name) => {
        try {
          const { displayName } = signInProfile({ displayName: name, photoUrl: null });
          if (displayName === null) return;
          expect(displayName.length).toBeLessThanOrEqual(DISPLAY_NAME_MAX_LENGTH);
          expect(displayName).not.toMatch(INVISIBLE_OR_BIDI);
        } catch (error) {
          expect(error).toBeInstanceOf(TRPCError);
          expect((error as TRPCError).code).toBe('BAD_REQUEST');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps no name, rather than refusing the sign-in, when the provider holds none or only spaces', () => {
    for (const blank of [null, '', '   ', '\t']) expect(signInProfile({ displayName: blank, photoUrl: null }).displayName).toBeNull();
  });

  it('keeps a photo only from a Google avatar host over https', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true }), fc.string()), (photoUrl) => {
        const { photoUrl: kept } = signInProfile({ displayName: null, photoUrl });
        if (kept !== null) expect(new URL(kept).hostname).toMatch(/^lh\d\.googleusercontent\.com$/);
      }),
      { numRuns: 500 },
    );
    expect(signInProfile({ displayName: null, photoUrl: 'https://lh5.googleusercontent.com/a/x' }).photoUrl).toBe(
      'https://lh5.googleusercontent.com/a/x',
    );
    for (const refused of [
      'http://lh3.googleusercontent.com/a',
      'https://lh3.googleusercontent.com.evil.example/a',
      'https://u:p@lh3.googleusercontent.com/a',
    ]) {
      expect(signInProfile({ displayName: null, photoUrl: refused }).photoUrl).toBeNull();
    }
  });
});
