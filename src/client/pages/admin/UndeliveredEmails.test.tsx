// Emails (admin): the order emails not delivered, with their last error and attempts, and Retry
// now sending one again.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { admin, callsTo, renderWithApi } from '../../testing/api-test-harness';
import UndeliveredEmails from './UndeliveredEmails';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const failed = {
  _id: '0b7d9c1e-2f4a-4c7e-9a51-1d2e3f4a5b6c',
  kind: 'payment_received',
  bookingId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  recipient: 'rider@example.com',
  status: 'failed',
  attempts: 5,
  lastError: 'connect ECONNREFUSED 10.0.0.5:587',
  nextAttemptAt: '2026-11-24T08:00:00.000Z',
  createdAt: '2026-11-24T07:00:00.000Z',
};

describe('Emails', () => {
  it('lists each undelivered email with its recipient, attempts and last error, and retries one', async () => {
    const { calls } = renderWithApi(<UndeliveredEmails />, {
      auth: admin,
      procedures: {
        'emails.undelivered': () => ({ items: [failed], nextCursor: null }),
        'emails.retry': () => ({ ...failed, status: 'pending', attempts: 0 }),
      },
    });

    const [row] = (await screen.findAllByRole('row')).slice(1);
    expect(within(row!).getByText('Payment received')).toBeInTheDocument();
    expect(within(row!).getByText('rider@example.com')).toBeInTheDocument();
    expect(within(row!).getByText('failed')).toBeInTheDocument();
    expect(within(row!).getByText('5')).toBeInTheDocument();
    expect(within(row!).getByText('connect ECONNREFUSED 10.0.0.5:587')).toBeInTheDocument();

    await userEvent.click(within(row!).getByRole('button', { name: 'Retry now the payment received email to rider@example.com' }));

    await waitFor(() => expect(callsTo(calls, 'emails.retry')).toEqual([{ id: failed._id }]));
    expect(toast.success).toHaveBeenCalledWith('The email to rider@example.com will be sent again now.');
  });

  it('says so when every email has been delivered', async () => {
    renderWithApi(<UndeliveredEmails />, {
      auth: admin,
      procedures: { 'emails.undelivered': () => ({ items: [], nextCursor: null }) },
    });
    expect(await screen.findByText('Every email has been delivered.')).toBeInTheDocument();
  });
});
