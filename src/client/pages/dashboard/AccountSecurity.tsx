// The profile's account actions: verify the email (the identity provider sends the link) and sign
// out on every device (the server ends every session of the account).
import { useState } from 'react';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { loadFirebaseAuth } from '../../auth/firebase';
import { useAuth } from '../../auth/useAuth';
import { trpc } from '../../lib/trpc';

export function AccountSecurity() {
  const { signOut } = useAuth();
  const me = trpc.users.me.useQuery();
  const [sending, setSending] = useState(false);
  const signOutEverywhere = trpc.users.signOutEverywhere.useMutation({
    onSuccess: async () => {
      toast.success(messages.signedOutEverywhere);
      await signOut();
    },
    onError: (error) => toast.error(error.message),
  });

  async function sendVerification() {
    setSending(true);
    try {
      const { auth, sdk } = await loadFirebaseAuth();
      if (!auth.currentUser) throw new Error(messages.noUserLoggedIn);
      await sdk.sendEmailVerification(auth.currentUser);
      toast.success(messages.verificationEmailSent(auth.currentUser.email ?? ''));
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="flex max-w-xl flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      {me.data && !me.data.emailVerified ? (
        <>
          <p className="text-sm text-base-content/70 sm:basis-full">Your email address is not verified yet.</p>
          <button type="button" className="btn btn-primary" disabled={sending} onClick={() => void sendVerification()}>
            Verify your email
          </button>
        </>
      ) : null}
      <button
        type="button"
        className="btn btn-outline"
        disabled={signOutEverywhere.isPending}
        onClick={() => signOutEverywhere.mutate()}
      >
        Sign out everywhere
      </button>
    </div>
  );
}
