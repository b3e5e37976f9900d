// What a dashboard list shows when it has nothing in it yet.
import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-8 text-center">
      <p className="text-lg font-medium">{title}</p>
      {children}
    </div>
  );
}
