// /reset-password?code=…: where the shop's password-reset email leads. Asks the identity provider
// which account the one-time code is for, takes a new password by the sign-up form's rules, and
// hands both to the provider, which signs out every earlier sign-in (the shop's sessions end at the
// next session check).
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { loadFirebaseAuth } from '../../auth/firebase';
import { Spinner } from '../../components/Spinner';
import { AccountLinkCard, LinkRefused } from './AccountLinkCard';
import { linkFailureMessage, useOneTimeCode } from './link-outcome';
import { ResetPasswordForm } from './ResetPasswordForm';

type Step =
  | { state: 'checking' }
  | { state: 'choosing'; code: string; email: string; error: string | null }
  | { state: 'changed' }
  | { state: 'refused'; message: string };

export default function ResetPasswordPage() {
  const code = useOneTimeCode();
  const [step, setStep] = useState<Step>(code ? { state: 'checking' } : { state: 'refused', message: messages.actionLinkIncomplete });
  const checked = useRef(false);

  useEffect(() => {
    if (!code || checked.current) return;
    checked.current = true;
    void (async () => {
      try {
        const { auth, sdk } = await loadFirebaseAuth();
        setStep({ state: 'choosing', code, email: await sdk.verifyPasswordResetCode(auth, code), error: null });
      } catch (error) {
        setStep({ state: 'refused', message: linkFailureMessage(error, messages.passwordResetLinkInvalid) });
      }
    })();
  }, [code]);

  async function changePassword(oneTimeCode: string, email: string, password: string): Promise<void> {
    try {
      const { auth, sdk } = await loadFirebaseAuth();
      await sdk.confirmPasswordReset(auth, oneTimeCode, password);
      setStep({ state: 'changed' });
    } catch (error) {
      setStep({ state: 'choosing', code: oneTimeCode, email, error: linkFailureMessage(error, messages.passwordResetLinkInvalid) });
    }
  }

  return (
    <AccountLinkCard title="Choose a new password">
      {step.state === 'checking' ? (
        <Spinner label={messages.checkingResetLink} />
      ) : step.state === 'choosing' ? (
        <>
          <p className="text-sm text-base-content/75">{messages.passwordResetFor(step.email)}</p>
          <ResetPasswordForm email={step.email} onSubmit={({ password }) => changePassword(step.code, step.email, password)} />
          {step.error ? (
            <p role="alert" className="text-sm font-medium text-error">
              {step.error}
            </p>
          ) : null}
        </>
      ) : step.state === 'changed' ? (
        <>
          <p role="status" className="alert alert-success alert-soft text-sm">
            {messages.passwordChanged}
          </p>
          <Link to="/login" className="btn btn-primary">
            Login
          </Link>
        </>
      ) : (
        <LinkRefused message={step.message} />
      )}
    </AccountLinkCard>
  );
}
