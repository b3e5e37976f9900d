// The heading and short introduction at the top of each home section.
import type { ReactNode } from 'react';

export function SectionHeading({ id, title, children }: { id: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-8 text-center">
      <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {children ? <p className="mx-auto mt-2 max-w-2xl text-base-content/75">{children}</p> : null}
    </div>
  );
}
