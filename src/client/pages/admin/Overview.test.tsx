// Overview (admin): the figures as the server counts them, the parts to restock linking to their
// edit pages, the 30 days as charts and a table, and the orders export form: checked before it
// asks, sent with the session, and saying what the server refused.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { addDays } from '../../../shared/overview';
import { admin, renderWithApi } from '../../testing/api-test-harness';
import Overview from './Overview';

const today = '2026-11-24';
const figure = (count: number, total: number) => ({ count, total });
const days = Array.from({ length: 30 }, (_, index) => ({
  day: addDays(today, index - 29),
  bookings: figure(index === 29 ? 3 : 1, index === 29 ? 75 : 25),
  paid: figure(index === 29 ? 2 : 0, index === 29 ? 62.5 : 0),
}));
const summary = {
  timeZone: 'Europe/Berlin',
  today,
  bookings: { today: figure(3, 75), month: figure(26, 675) },
  paid: { today: figure(2, 62.5), month: figure(2, 62.5) },
  unpaidHolds: { count: 1, total: 12.5, oldestAt: '2026-11-24T08:05:00.000Z' },
  lowStock: {
    count: 3,
    parts: [
      { _id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', name: 'Quill stem', available: 0, minimumOrderQuantity: 2, hidden: false },
      { _id: '6fa459ea-ee8a-4ca4-894e-db77e160355e', name: 'Old headset', available: 1, minimumOrderQuantity: 5, hidden: true },
    ],
  },
  days,
};

function renderOverview() {
  return renderWithApi(<Overview />, { auth: admin, procedures: { 'overview.summary': () => summary } });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'session-token');
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:orders');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('Overview', () => {
  it('shows the server’s figures for today, this month and the unpaid holds', async () => {
    renderOverview();
    const bookedToday = (await screen.findByText('Booked today')).parentElement!;
    expect(within(bookedToday).getByText('$75.00')).toBeInTheDocument();
    expect(within(bookedToday).getByText('3 orders')).toBeInTheDocument();
    expect(within(screen.getByText('Booked this month').parentElement!).getByText('$675.00')).toBeInTheDocument();
    expect(within(screen.getByText('Paid today').parentElement!).getByText('$62.50')).toBeInTheDocument();
    const holds = screen.getByText('Unpaid holds').parentElement!;
    expect(within(holds).getByText('$12.50')).toBeInTheDocument();
    expect(within(holds).getByText('1 order, the oldest since Nov 24, 2026, 8:05 AM UTC')).toBeInTheDocument();
    expect(screen.getByText(/in the shop’s time zone, Europe\/Berlin/)).toBeInTheDocument();
  });

  it('links each part below its minimum order to its edit page and counts the ones not listed', async () => {
    renderOverview();
    const section = await screen.findByRole('region', { name: 'Parts below their minimum order (3)' });
    expect(within(section).getByRole('link', { name: 'Quill stem' })).toHaveAttribute(
      'href',
      '/dashboard/manageproducts/1b4e28ba-2fa1-41d2-883f-0016d3cca427/edit',
    );
    expect(within(section).getByText('0 in stock, minimum order 2')).toBeInTheDocument();
    expect(within(section).getByText('hidden')).toBeInTheDocument();
    expect(within(section).getByText(/And 1 more/)).toBeInTheDocument();
  });

  it('draws the 30 days as charts that read as one sentence, and lists them in a table, newest first', async () => {
    renderOverview();
    expect(
      await screen.findByRole('img', {
        name: 'Paid revenue per day from Oct 26, 2026 to Nov 24, 2026: $62.50 in all, at most $62.50 a day.',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Bookings per day from Oct 26, 2026 to Nov 24, 2026: 32 orders in all, at most 3 orders a day.',
      }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Bookings and paid revenue per day, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toEqual(['Day', 'Bookings', 'Booked', 'Payments', 'Paid']);
    const [, newest, older] = within(table).getAllByRole('row');
    expect(
      within(newest!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '$75.00', '2', '$62.50']);
    expect(within(newest!).getByRole('rowheader')).toHaveTextContent('Nov 24, 2026');
    expect(within(older!).getByRole('rowheader')).toHaveTextContent('Nov 23, 2026');
  });
});

describe('the orders export form', () => {
  it('starts on this month and downloads it with the session', async () => {
    fetchMock.mockResolvedValue(
      new Response('\uFEFFOrder number\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="orders-2026-11-01-to-2026-11-24.csv"' },
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderOverview();
    expect(await screen.findByLabelText('First day')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Last day')).toHaveValue(today);

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith('/admin/orders.csv?from=2026-11-01&to=2026-11-24', {
      headers: { authorization: 'Bearer session-token' },
    });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('orders-2026-11-01-to-2026-11-24.csv');
    click.mockRestore();
  });

  it('says what is wrong with the range before asking the server', async () => {
    renderOverview();
    const from = await screen.findByLabelText('First day');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(await screen.findByText(messages.exportRangeReversed)).toBeInTheDocument();
    expect(screen.getByLabelText('Last day')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal', async () => {
    fetchMock.mockResolvedValue(Response.json({ error: { code: 'FORBIDDEN', message: messages.adminOnly } }, { status: 403 }));
    renderOverview();
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.adminOnly);
  });
});
