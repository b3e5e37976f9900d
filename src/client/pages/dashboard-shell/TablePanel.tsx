// The framed box around a dashboard table on wide screens (on phones the rows are cards of their own).
import type { ReactNode } from 'react';

export function TablePanel({ children }: { children: ReactNode }) {
  return <div className="md:overflow-x-auto md:rounded-box md:border md:border-base-300 md:bg-base-100">{children}</div>;
}
