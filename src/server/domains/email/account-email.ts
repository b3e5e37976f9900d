// What an account email says: the link that verifies an address, or that sets a new password.
// Its recipient may not have asked for it (anyone can type a stranger's address), so it names
// nobody and carries nothing a person typed: only the shop's words and the link, which leads to
// the shop's own page (never the identity provider's), where the one-time code is handed back.
import { accountEmailPages, type AccountEmailKind } from '../../../shared/account-links';
import type { EmailContent } from './email-content';

export function accountEmailContent(kind: AccountEmailKind, code: string, shopUrl: string): EmailContent {
  const url = `${shopUrl}${accountEmailPages[kind]}?code=${encodeURIComponent(code)}`;
  switch (kind) {
    case 'verify_email':
      return {
        subject: 'Verify your email address for Sprocket',
        heading: 'Verify your email address',
        paragraphs: [
          'A Sprocket account was opened with this email address. Open the link below to confirm that the address is yours; the link works once.',
          'If you did not open an account at Sprocket, ignore this email: nothing happens without the link.',
        ],
        details: [],
        action: { label: 'Verify my email address', url },
      };
    case 'password_reset':
      return {
        subject: 'Reset your Sprocket password',
        heading: 'Reset your password',
        paragraphs: [
          'Someone asked to reset the password of the Sprocket account with this email address. Open the link below to choose a new password; the link works once, and only for a short while.',
          'If it was not you, ignore this email: your password stays as it is.',
        ],
        details: [],
        action: { label: 'Choose a new password', url },
      };
  }
}
