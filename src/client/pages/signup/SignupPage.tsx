// /signup: name, email and password, Google, a link to login; creates the account, names it, then goes to /home.
import { Link, useLocation } from 'react-router-dom';
import type { LoginRedirectState } from '../../auth/redirect-state';
import { useSessionSignIn } from '../../auth/useSessionSignIn';
import { AuthCard } from '../../components/AuthCard';
import { PageTitle } from '../../components/PageTitle';
import { SignupForm } from './SignupForm';

export default function SignupPage() {
  // Passed on to /login, so the visitor still returns where they were going.
  const redirectState = useLocation().state as LoginRedirectState | null;
  const session = useSessionSignIn();

  return (
    <AuthCard
      title="Sign Up"
      intro="Create an account to book parts by the batch and track your orders."
      error={session.error}
      pending={session.pending}
      onGoogle={() => void session.signInWithGoogle()}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" state={redirectState} className="link link-primary font-medium">
            Please login
          </Link>
        </>
      }
    >
      <PageTitle title="Sign Up" />
      <SignupForm pending={session.pending} onSubmit={session.signUpWithEmail} />
    </AuthCard>
  );
}
