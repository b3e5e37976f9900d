// A data table that reads as a table on wide screens and as labelled cards on phones.
import type { ReactNode } from 'react';

export function StackedTable({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <table className="table w-full">
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden md:table-header-group">
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block md:table-row-group">{children}</tbody>
    </table>
  );
}

export function StackedRow({ children }: { children: ReactNode }) {
  return (
    <tr className="mb-4 block rounded-box border border-base-300 bg-base-100 p-2 shadow-sm md:mb-0 md:table-row md:rounded-none md:border-0 md:p-0 md:shadow-none">
      {children}
    </tr>
  );
}

/** A cell; on phones its column name shows before the value. */
export function StackedCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td
      data-label={label}
      className="flex items-start justify-between gap-4 py-1.5 text-right max-md:border-b-0 before:shrink-0 before:font-semibold before:text-base-content/70 before:content-[attr(data-label)] md:table-cell md:py-3 md:text-left md:before:content-none"
    >
      <div className="min-w-0 break-words">{children}</div>
    </td>
  );
}
