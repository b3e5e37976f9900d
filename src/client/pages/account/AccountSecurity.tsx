// The profile's account actions: have the shop mail a new link that verifies the email, and sign
// out on every device (the server ends every session of the account).
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { useAuth } from '../../auth/useAuth';
import { trpc } from '../../lib/trpc';

export function AccountSecurity() {
  const { signOut } = useAuth();
  const me = trpc.users.me.useQuery();
  const sendVerification = trpc.users.sendVerificationEmail.useMutation({
    onSuccess: ({ sentTo }) => toast.success(messages.verificationEmailSent(sentTo)),
    onError: (error) => toast.error(error.message),
  });
  const signOutEverywhere = trpc.users.signOutEverywhere.useMutation({
    onSuccess: async () => {
      toast.success(messages.signedOutEverywhere);
      await signOut();
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <div className="flex max-w-xl flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      {me.data && !me.data.emailVerified ? (
        <>
          <p className="text-sm text-base-content/70 sm:basis-full">{messages.emailNotVerified}</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={sendVerification.isPending}
            onClick={() => sendVerification.mutate()}
          >
            Send verification email
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
