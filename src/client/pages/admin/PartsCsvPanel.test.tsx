// Manage product's CSV import: a check lists each row to fix by line in a table and offers no
// import; a clean check offers Import, which sends the same file and reports what it wrote.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartsCsvReport } from '../../../shared/parts-csv';
import { ACCESS_TOKEN_KEY } from '../../../shared/constants';
import { admin, renderWithApi } from '../../testing/api-test-harness';
import { PartsCsvPanel } from './PartsCsvPanel';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'session-token');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const answer = (report: PartsCsvReport) => Promise.resolve(new Response(JSON.stringify(report)));
const file = new File(['id,name\n'], 'parts.csv', { type: 'text/csv' });

async function chooseAndCheck() {
  renderWithApi(<PartsCsvPanel />, { auth: admin, procedures: {} });
  await userEvent.upload(screen.getByLabelText('Import CSV'), file);
  await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
}

describe('the parts CSV import', () => {
  it('lists each row to fix with its line in a table, and offers no import', async () => {
    fetchMock.mockImplementation(() =>
      answer({
        problems: [
          { line: 4, message: 'price: Price must be a positive amount in dollars with at most 2 decimals' },
          { line: 9, message: 'No part in the shop has this id. Leave the id empty to add a new part.' },
        ],
        created: 1,
        updated: 2,
        unchanged: 0,
        written: false,
      }),
    );
    await chooseAndCheck();

    const table = await screen.findByRole('table', { name: 'Rows to fix' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Line', 'Problem'],
      ['4', 'price: Price must be a positive amount in dollars with at most 2 decimals'],
      ['9', 'No part in the shop has this id. Leave the id empty to add a new part.'],
    ]);
    expect(screen.getByText('Nothing was imported: 2 problems to fix in the file.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith('/admin/parts.csv?mode=check', {
      method: 'POST',
      headers: { 'content-type': 'text/csv; charset=utf-8', authorization: 'Bearer session-token' },
      body: 'id,name\n',
    });
  });

  it('after a clean check, imports the same file and says what it wrote', async () => {
    fetchMock
      .mockImplementationOnce(() => answer({ problems: [], created: 1, updated: 2, unchanged: 3, written: false }))
      .mockImplementationOnce(() => answer({ problems: [], created: 1, updated: 2, unchanged: 3, written: true }));
    await chooseAndCheck();

    expect(await screen.findByText(/Ready to import: 1 part to create, 2 to update, 3 unchanged\./)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Imported: 1 part created, 2 updated, 3 unchanged.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith('/admin/parts.csv?mode=import', expect.objectContaining({ body: 'id,name\n' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled());
  });

  it('shows the server’s refusal of the file', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ error: { message: 'The CSV file must be at most 2 MiB.' } }), { status: 413 })),
    );
    await chooseAndCheck();
    expect(await screen.findByRole('alert')).toHaveTextContent('The CSV file must be at most 2 MiB.');
  });
});
