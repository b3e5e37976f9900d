// The frame of the pages an account email links to: a centred card with a title and what the link
// did, and what they show when the link cannot be used.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle';

export function AccountLinkCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex justify-center px-4 py-12 sm:py-16">
      <PageTitle title={title} />
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-lg">
        <div className="card-body gap-5">
          <h1 className="text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

/** Why the link did nothing, in red, and the way to the login (where a new link is asked for). */
export function LinkRefused({ message }: { message: string }) {
  return (
    <>
      <p role="alert" className="text-sm font-medium text-error">
        {message}
      </p>
      <Link to="/login" className="btn btn-outline">
        Login
      </Link>
    </>
  );
}
