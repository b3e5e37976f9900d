// A part's specifications table ("Weight: 260 g"), rows in the order the admin gave them, drawn on
// the server with the page. A part without specifications shows none.
import type { Specification } from '../../../shared/part-specifications';

export function PartSpecifications({ specifications }: { specifications: readonly Specification[] }) {
  if (specifications.length === 0) return null;
  return (
    <section aria-labelledby="part-specifications-heading" className="mt-10 max-w-3xl">
      <h2 id="part-specifications-heading" className="text-xl font-bold">
        Specifications
      </h2>
      <div className="mt-3 overflow-x-auto rounded-box border border-base-300">
        <table className="table">
          <tbody>
            {specifications.map((row) => (
              <tr key={row.name}>
                <th scope="row" className="w-2/5 bg-base-200 align-top font-medium sm:w-1/3">
                  {row.name}
                </th>
                <td className="align-top break-words">{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
