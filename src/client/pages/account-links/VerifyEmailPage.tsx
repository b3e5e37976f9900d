// /verify-email?code=…: where the shop's verification email leads. Hands the one-time code to the
// identity provider once, then says the address is verified; the shop learns of it at the next
// sign-in, so a signed-in customer is offered to sign in again.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { loadFirebaseAuth } from '../../auth/firebase';
import { useAuth } from '../../auth/useAuth';
import { Spinner } from '../../components/Spinner';
import { AccountLinkCard, LinkRefused } from './AccountLinkCard';
import { linkFailureMessage, useOneTimeCode } from './link-outcome';

type Outcome = { state: 'verifying' } | { state: 'verified' } | { state: 'failed'; message: string };

export default function VerifyEmailPage() {
  const code = useOneTimeCode();
  const [outcome, setOutcome] = useState<Outcome>(
    code ? { state: 'verifying' } : { state: 'failed', message: messages.actionLinkIncomplete },
  );
  // A code works once: handed over on the first mount only, however often the effect runs.
  const handedOver = useRef(false);

  useEffect(() => {
    if (!code || handedOver.current) return;
    handedOver.current = true;
    void (async () => {
      try {
        const { auth, sdk } = await loadFirebaseAuth();
        await sdk.applyActionCode(auth, code);
        setOutcome({ state: 'verified' });
      } catch (error) {
        setOutcome({ state: 'failed', message: linkFailureMessage(error, messages.verificationLinkInvalid) });
      }
    })();
  }, [code]);

  return (
    <AccountLinkCard title="Verify your email">
      {outcome.state === 'verifying' ? (
        <Spinner label={messages.verifyingEmail} />
      ) : outcome.state === 'verified' ? (
        <Verified />
      ) : (
        <LinkRefused message={outcome.message} />
      )}
    </AccountLinkCard>
  );
}

function Verified() {
  const { status, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <>
      <p role="status" className="alert alert-success alert-soft text-sm">
        {messages.emailVerifiedSignInAgain}
      </p>
      {status === 'signedIn' ? (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() =>
            void signOut().finally(() =>
              navigate('/login', { state: { from: { pathname: '/dashboard/profile', search: '', hash: '' } } }),
            )
          }
        >
          Sign in again
        </button>
      ) : (
        <Link to="/login" className="btn btn-primary">
          Login
        </Link>
      )}
    </>
  );
}
