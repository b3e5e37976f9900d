// The heading at the top of each dashboard page, with an optional line under it.
import type { ReactNode } from 'react';

export function DashboardHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-base-content">{title}</h1>
      {children ? <p className="mt-1 text-base-content/70">{children}</p> : null}
    </header>
  );
}
