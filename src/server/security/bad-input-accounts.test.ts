// Bad input at the accounts' procedures (users, undelivered emails, the overview, webhooks) and at the session exchange: random and adversarial values thrown with fast-check, as a visitor, a customer
// and an admin. Whatever arrives, the answer is never a 5xx; input the schemas refuse always gets a
// 4xx whose message a person can read; and a refused call leaves the database exactly as it was.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { displayNameSchema } from '../../shared/auth';
import { expectReadableError } from '../testing/attacks';
import { describeProcedureInputs, PROPERTY_TIMEOUT_MS, useBadInputShop } from '../testing/bad-input';
import { signInForIdToken, updateTestAccount } from '../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../testing/test-keys';

const suite = useBadInputShop();

/** Names as a provider may hold them: control, bidi and zero-width characters, emails, long runs. */
const providerNames = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.string({
    unit: fc.constantFrom(
      'a',
      'Z',
      ' ',
      'é',
      '漢',
      '@',
      '<',
      '\u0000',
      '\u0007',
      '\u001B',
      '\u0085',
      '\u061C',
      '\u200B',
      '\u200E',
      '\u202E',
      '\u2066',
      '\uFEFF',
    ),
    maxLength: 130,
  }),
);
const providerPhotos = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(
    'https://lh3.googleusercontent.com/a/photo=s96-c',
    'https://user:pass@lh3.googleusercontent.com/a/photo',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    `https://lh3.googleusercontent.com/${'a'.repeat(3000)}`,
  ),
);

describe('the session exchange', () => {
  it(
    'answers any name and photo the provider holds with a session or a readable 400, and never shows what it refused',
    async () => {
      const emulatorUrl = `http://${inject('authEmulatorHost')}`;
      const account = { email: `fuzzed-${randomBytes(5).toString('hex')}@example.com`, password: 'fuzz-secret-1' };
      const { uid } = await signInForIdToken(emulatorUrl, TEST_PROJECT_ID, account, { create: true });
      await fc.assert(
        fc.asyncProperty(providerNames, providerPhotos, async (displayName, photoUrl) => {
          // What the provider itself refuses to store never reaches the suite.shop.
          const stored = await updateTestAccount(emulatorUrl, TEST_PROJECT_ID, uid, { displayName, photoUrl }).then(
            () => true,
            () => false,
          );
          if (!stored) return;
          const { idToken } = await signInForIdToken(emulatorUrl, TEST_PROJECT_ID, account);
          const url = `/user/${encodeURIComponent(account.email)}`;
          const response = await suite.shop.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${idToken}` } });
          suite.tally.calls += 1;
          expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
          if (response.statusCode >= 400) {
            suite.tally.refused += 1;
            expect(response.statusCode).toBe(400);
            expectReadableError(response);
            return;
          }
          suite.tally.accepted += 1;
          const { token } = JSON.parse(response.body) as { token: string };
          const me = await suite.shop.app.inject({
            method: 'GET',
            url: '/trpc/users.me',
            headers: { authorization: `Bearer ${token}` },
          });
          const shown = (JSON.parse(me.body) as { result: { data: { displayName: string | null; photoURL: string | null } } }).result
            .data;
          expect(shown.displayName === null || displayNameSchema.safeParse(shown.displayName).success).toBe(true);
          expect(shown.photoURL === null || shown.photoURL.startsWith('https://lh3.googleusercontent.com/')).toBe(true);
        }),
        { numRuns: 25 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describeProcedureInputs(suite, 'accounts');
