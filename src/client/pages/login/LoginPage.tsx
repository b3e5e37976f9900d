// /login: email and password, Google, a link to signup, and a password reset; afterwards back to
// where the visitor was going, or /home.
import { Link, useLocation } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import type { LoginRedirectState } from '../../auth/redirect-state';
import { usePasswordReset } from '../../auth/usePasswordReset';
import { useSessionSignIn } from '../../auth/useSessionSignIn';
import { AuthCard } from '../../components/AuthCard';
import { PageTitle } from '../../components/PageTitle';
import { LoginForm } from './LoginForm';

export default function LoginPage() {
  const location = useLocation();
  const session = useSessionSignIn();
  const reset = usePasswordReset();
  const redirectState = location.state as LoginRedirectState | null;
  const adminOnly = redirectState?.reason === 'adminOnly';

  return (
    <AuthCard
      title="Login"
      intro="Sign in to book parts, pay for your orders and post reviews."
      notice={
        adminOnly ? (
          <p role="status" className="alert alert-warning alert-soft text-sm">
            {messages.adminOnly} Please sign in with an admin account.
          </p>
        ) : null
      }
      error={session.error}
      pending={session.pending}
      onGoogle={() => void session.signInWithGoogle()}
      footer={
        <>
          New to Sprocket?{' '}
          <Link to="/signup" state={redirectState} className="link link-primary font-medium">
            Create new account
          </Link>
        </>
      }
    >
      <PageTitle title="Login" />
      <LoginForm pending={session.pending} onSubmit={session.signInWithEmail} reset={reset} />
    </AuthCard>
  );
}
