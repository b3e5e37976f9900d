// The frame of the pages an account email links to: a centred card with a title and what the link did.
import type { ReactNode } from 'react';
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
