// Under the navbar after an email-and-password sign-up: the shop mailed a link to verify the
// address, the customer should open it, and may have it sent again. Gone once the server says the
// address is verified, or when dismissed.
import { MailCheck, X } from 'lucide-react';
import { toast } from 'react-toastify';
import { messages } from '../../shared/messages';
import { trpc } from '../lib/trpc';
import { forgetSignupNotice, useSignupNotice } from './signup-notice';
import { useAuth } from './useAuth';

export function SignupVerifyNotice() {
  const { status, user } = useAuth();
  const noticeFor = useSignupNotice();
  if (status !== 'signedIn' || !user || noticeFor === null || noticeFor !== user.email.toLowerCase()) return null;
  return <Notice email={user.email} />;
}

function Notice({ email }: { email: string }) {
  const me = trpc.users.me.useQuery();
  const sendAgain = trpc.users.sendVerificationEmail.useMutation({
    onSuccess: ({ sentTo }) => toast.success(messages.verificationEmailSent(sentTo)),
    onError: (error) => toast.error(error.message),
  });
  if (me.data?.emailVerified !== false) return null;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6">
      <div role="status" className="alert alert-info alert-soft flex flex-wrap items-start gap-3 text-sm sm:flex-nowrap">
        <MailCheck aria-hidden="true" className="size-5 shrink-0" />
        <p className="min-w-0 flex-1 basis-56 break-words">{messages.checkInboxAfterSignup(email)}</p>
        <div className="flex shrink-0 gap-2">
          <button type="button" className="btn btn-sm btn-primary" disabled={sendAgain.isPending} onClick={() => sendAgain.mutate()}>
            Send again
          </button>
          <button
            type="button"
            className="btn btn-sm btn-ghost btn-square"
            aria-label="Dismiss this notice"
            onClick={forgetSignupNotice}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </div>
  );
}
