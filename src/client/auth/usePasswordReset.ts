// "Forgot password?" on /login: the shop mails a link to set a new password (users.requestPasswordReset),
// which leads to its own /reset-password page. The server answers the same whether or not the
// address has an account, so the form cannot be used to find out who shops here.
import { useState } from 'react';
import { messages } from '../../shared/messages';
import { trpc } from '../lib/trpc';

export interface PasswordReset {
  sending: boolean;
  /** The sentence to show once a reset was asked for: sent, or why not. */
  notice: { kind: 'sent' | 'error'; text: string } | null;
  sendReset: (email: string) => Promise<void>;
}

export function usePasswordReset(): PasswordReset {
  const request = trpc.users.requestPasswordReset.useMutation();
  const [notice, setNotice] = useState<PasswordReset['notice']>(null);

  async function sendReset(email: string): Promise<void> {
    setNotice(null);
    try {
      await request.mutateAsync({ email });
      setNotice({ kind: 'sent', text: messages.passwordResetSent(email) });
    } catch (error) {
      setNotice({ kind: 'error', text: error instanceof Error && error.message ? error.message : messages.serverError });
    }
  }

  return { sending: request.isPending, notice, sendReset };
}
