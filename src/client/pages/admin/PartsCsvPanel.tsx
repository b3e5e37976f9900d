// Manage product's CSV tools: Export CSV downloads every part; Import CSV checks a chosen file and,
// once the check finds nothing to fix, imports it, all or nothing (docs/decisions/0051).
import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import type { PartsCsvReport as Report } from '../../../shared/parts-csv';
import { downloadFile } from '../../lib/download-file';
import { sendPartsCsv } from '../../lib/send-parts-csv';
import { trpc } from '../../lib/trpc';
import { PartsCsvReport } from './PartsCsvReport';

export function PartsCsvPanel() {
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setFailure(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const send = (mode: 'check' | 'import') =>
    run(async () => {
      if (!file) throw new Error(messages.partsCsvMissing);
      const answer = await sendPartsCsv(file, mode);
      setReport(answer);
      if (answer.written) {
        toast.success(messages.partsCsvImported);
        void utils.tools.invalidate();
      }
    });

  // Import is offered only after a check of this very file found nothing to fix.
  const checkedClean = report !== null && !report.written && report.problems.length === 0;

  return (
    <section aria-labelledby="parts-csv-heading" className="mb-6 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id="parts-csv-heading" className="text-lg font-semibold">
        Parts as CSV
      </h2>
      <p className="mt-1 text-sm text-base-content/70">
        Export every part (hidden ones too) to edit in a spreadsheet, then import the file: rows with an id update that part, rows
        without one add a part. A file with any row to fix changes nothing.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <button
          type="button"
          className="btn btn-outline gap-1"
          disabled={busy}
          onClick={() => void run(() => downloadFile('/admin/parts.csv', 'parts.csv'))}
        >
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </button>
        <div className="flex flex-col gap-1">
          <label htmlFor="parts-csv-file" className="text-sm font-medium">
            Import CSV
          </label>
          <input
            id="parts-csv-file"
            type="file"
            accept=".csv,text/csv"
            className="file-input file-input-bordered w-full max-w-xs"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setReport(null);
              setFailure(null);
            }}
          />
        </div>
        <button type="button" className="btn btn-outline" disabled={busy || !file} onClick={() => void send('check')}>
          Check file
        </button>
        <button type="button" className="btn btn-primary gap-1" disabled={busy || !checkedClean} onClick={() => void send('import')}>
          <Upload aria-hidden="true" className="size-4" />
          Import
        </button>
      </div>
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-error">
          {failure}
        </p>
      ) : null}
      {report ? <PartsCsvReport report={report} /> : null}
    </section>
  );
}
