// Sends a parts CSV to be checked or imported (POST /admin/parts.csv, admins only) and answers the
// server's report. The size is checked here first, so an admin hears about a file too large
// before it is sent; the server checks it again.
import { messages } from '../../shared/messages';
import { PARTS_CSV_MAX_BYTES, type PartsCsvReport } from '../../shared/parts-csv';
import { getAccessToken } from './access-token';

export async function sendPartsCsv(file: File, mode: 'check' | 'import'): Promise<PartsCsvReport> {
  if (file.size > PARTS_CSV_MAX_BYTES) throw new Error(messages.partsCsvTooLarge);
  const token = getAccessToken();
  // Sent as text/csv whatever the browser calls the file (spreadsheets' CSVs are often typed otherwise).
  const response = await fetch(`/admin/parts.csv?mode=${mode}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv; charset=utf-8', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: await file.text(),
  }).catch((error: unknown) => {
    throw new Error(messages.shopUnreachable, { cause: error });
  });
  const answer = (await response.json().catch(() => null)) as (PartsCsvReport & { error?: { message?: string } }) | null;
  if (!response.ok || !answer?.problems) throw new Error(answer?.error?.message ?? messages.serverError);
  return answer;
}
