// "Forgot password?" on /login: Firebase sends its own reset email. The answer is the same whether
// or not the address has an account, so the form cannot be used to find out who shops here.
import { useState } from 'react';
import { messages } from '../../shared/messages';
import { loadFirebaseAuth } from './firebase';
import { signInErrorMessage } from './sign-in-error-message';

/** Firebase's answer for an address without an account, where its enumeration protection is off (the emulator). */
const NO_SUCH_ACCOUNT = 'auth/user-not-found';

export interface PasswordReset {
  sending: boolean;
  /** The sentence to show once a reset was asked for: sent, or why not. */
  notice: { kind: 'sent' | 'error'; text: string } | null;
  sendReset: (email: string) => Promise<void>;
}

export function usePasswordReset(): PasswordReset {
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<PasswordReset['notice']>(null);

  async function sendReset(email: string): Promise<void> {
    setSending(true);
    setNotice(null);
    try {
      const { auth, sdk } = await loadFirebaseAuth();
      await sdk.sendPasswordResetEmail(auth, email).catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== NO_SUCH_ACCOUNT) throw error;
      });
      setNotice({ kind: 'sent', text: messages.passwordResetSent(email) });
    } catch (error) {
      setNotice({ kind: 'error', text: signInErrorMessage(error, 'password') ?? messages.identityUnavailable });
    } finally {
      setSending(false);
    }
  }

  return { sending, notice, sendReset };
}
