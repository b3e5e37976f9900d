// The frame of the login and signup pages: a centred card with a title, the form, the provider's error, Google and a link.
import type { ReactNode } from 'react';
import { GoogleSignInButton } from './GoogleSignInButton';

interface AuthCardProps {
  title: string;
  intro: string;
  notice?: ReactNode;
  error: string | null;
  pending: boolean;
  onGoogle: () => void;
  footer: ReactNode;
  children: ReactNode;
}

export function AuthCard({ title, intro, notice, error, pending, onGoogle, footer, children }: AuthCardProps) {
  return (
    <section className="flex justify-center px-4 py-12 sm:py-16">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-lg">
        <div className="card-body gap-5">
          <header>
            <h1 className="text-2xl font-bold">{title}</h1>
            <p className="mt-1 text-sm text-base-content/75">{intro}</p>
          </header>
          {notice}
          {children}
          {error ? (
            <p role="alert" className="text-sm font-medium text-error">
              {error}
            </p>
          ) : null}
          <div className="divider my-0 text-sm text-base-content/70">OR</div>
          <GoogleSignInButton disabled={pending} onClick={onGoogle} />
          <p className="text-center text-sm">{footer}</p>
        </div>
      </div>
    </section>
  );
}
