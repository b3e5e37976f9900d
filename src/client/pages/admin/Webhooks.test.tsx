// Webhooks (admin): adding an endpoint with its events shows its secret once; the form refuses a
// URL or an empty choice of events with the server's messages; deliveries list their attempts and
// Replay sends one again.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { webhookMessages } from '../../../shared/webhook-messages';
import { admin, callsTo, renderWithApi } from '../../testing/api-test-harness';
import Webhooks from './Webhooks';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const endpoint = {
  _id: '0b7d9c1e-2f4a-4c7e-9a51-1d2e3f4a5b6c',
  url: 'https://erp.example.com/hooks',
  description: 'The ERP',
  events: ['order.paid'],
  enabled: true,
  createdAt: '2026-11-27T08:00:00.000Z',
};
const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2UtdG8tdGhlLWFkbWlu';

const failedDelivery = {
  _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  endpointId: endpoint._id,
  endpointUrl: endpoint.url,
  messageId: 'msg_7c9e6679742540de944be07fc1f90ae7',
  eventType: 'order.paid',
  status: 'failed',
  nextAttemptAt: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  attempts: [
    { attemptedAt: '2026-11-27T09:00:01.000Z', statusCode: 500, error: 'HTTP 500', durationMs: 120, responseExcerpt: 'oops' },
    {
      attemptedAt: '2026-11-27T09:00:31.000Z',
      statusCode: null,
      error: 'no answer within 10000 ms',
      durationMs: 10000,
      responseExcerpt: null,
    },
  ],
};

function renderPage(endpoints: unknown[] = [endpoint]) {
  return renderWithApi(<Webhooks />, {
    auth: admin,
    procedures: {
      'webhooks.endpoints': () => endpoints,
      'webhooks.deliveries': () => ({ items: [failedDelivery], nextCursor: null }),
      'webhooks.create': (input) => ({
        ...endpoint,
        ...(input as object),
        _id: 'ffffffff-2f4a-4c7e-9a51-1d2e3f4a5b6c',
        secret: SECRET,
      }),
      'webhooks.replay': () => ({ _id: failedDelivery._id }),
    },
  });
}

describe('Webhooks', () => {
  it('adds an endpoint for the chosen events and shows its secret once', async () => {
    const { calls } = renderPage([]);
    await userEvent.type(await screen.findByLabelText('Endpoint URL'), 'https://hooks.example.com/sprocket');
    await userEvent.click(screen.getByRole('checkbox', { name: 'order.placed' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'stock.below_minimum_order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));

    await waitFor(() =>
      expect(callsTo(calls, 'webhooks.create')).toEqual([
        { url: 'https://hooks.example.com/sprocket', events: ['order.placed', 'stock.below_minimum_order'], description: '' },
      ]),
    );
    expect(await screen.findByLabelText('Signing secret')).toHaveTextContent(SECRET);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument();
  });

  it('refuses a URL that is not one, and no events chosen, before calling the server', async () => {
    const { calls } = renderPage([]);
    await userEvent.type(await screen.findByLabelText('Endpoint URL'), 'hooks');
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(webhookMessages.urlInvalid)).toBeInTheDocument();
    expect(screen.getByText(webhookMessages.eventsRequired)).toBeInTheDocument();
    expect(callsTo(calls, 'webhooks.create')).toEqual([]);
  });

  it('lists deliveries with their attempts, and replays a failed one', async () => {
    const { calls } = renderPage();
    const table = await screen.findByRole('table', { name: 'Webhook deliveries' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByText('failed')).toBeInTheDocument();
    await userEvent.click(within(row!).getByText('2 attempts'));
    expect(within(row!).getByText(/HTTP 500 \(120 ms\)/)).toBeVisible();
    expect(within(row!).getByText(/no answer within 10000 ms \(10000 ms\)/)).toBeVisible();

    await userEvent.click(
      within(row!).getByRole('button', { name: 'Replay the order.paid delivery to https://erp.example.com/hooks' }),
    );
    await waitFor(() => expect(callsTo(calls, 'webhooks.replay')).toEqual([{ id: failedDelivery._id }]));
    expect(toast.success).toHaveBeenCalledWith('The delivery will be sent again now.');
  });
});
