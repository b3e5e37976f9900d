// What a parts CSV check or import found: how many parts it creates, updates and leaves alone, and
// each row to fix by its line in the file, as a table a screen reader can walk.
import type { PartsCsvReport as Report } from '../../../shared/parts-csv';

const parts = (count: number) => `${count} ${count === 1 ? 'part' : 'parts'}`;

export function PartsCsvReport({ report }: { report: Report }) {
  const { problems, created, updated, unchanged, written } = report;
  return (
    <div role="status" className="mt-4 flex flex-col gap-3">
      {problems.length > 0 ? (
        <>
          <p className="font-medium text-error">
            Nothing was imported: {problems.length === 1 ? '1 problem' : `${problems.length} problems`} to fix in the file.
          </p>
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <caption className="sr-only">Rows to fix</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {problems.map((problem, index) => (
                  <tr key={`${problem.line}-${index}`}>
                    <td className="tabular-nums">{problem.line}</td>
                    <td>{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className={written ? 'font-medium text-success' : 'font-medium'}>
          {written
            ? `Imported: ${parts(created)} created, ${updated} updated, ${unchanged} unchanged.`
            : `Ready to import: ${parts(created)} to create, ${updated} to update, ${unchanged} unchanged. Nothing is saved until you import.`}
        </p>
      )}
    </div>
  );
}
