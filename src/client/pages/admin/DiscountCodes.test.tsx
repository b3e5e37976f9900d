// Discount codes: the list shows each code's terms and uses; a new code is sent as the API's fields
// (dates as instants, empty limits as none); a refusal's sentence is shown; Edit and Deactivate
// send the code's id.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import DiscountCodes from './DiscountCodes';
import { admin, apiError, callsTo, renderWithApi } from '../../testing/api-test-harness';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const welcome = {
  id: '7f0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a11',
  code: 'WELCOME10',
  kind: 'percent' as const,
  value: 10,
  minSpend: 100,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: 1,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  uses: { held: 2, spent: 7 },
};

function renderPage(procedures: Record<string, (input: unknown) => unknown> = {}) {
  return renderWithApi(<DiscountCodes />, {
    auth: admin,
    at: '/dashboard/discountcodes',
    procedures: { 'settings.discountCodes': () => [welcome], ...procedures },
  });
}

describe('Discount codes', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists each code with its terms, limits and held and paid uses', async () => {
    renderPage();
    const row = (await screen.findByText('WELCOME10')).closest('tr')!;
    expect(within(row).getByText('10 % off from $100.00')).toBeInTheDocument();
    expect(within(row).getByText('no limit, 1 each')).toBeInTheDocument();
    expect(within(row).getByText('7 paid, 2 held')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
  });

  it('creates a code from the form, dates as instants and an empty limit as none', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ 'settings.createDiscountCode': (input) => ({ ...welcome, ...(input as object) }) });
    await screen.findByText('WELCOME10');

    await user.type(screen.getByLabelText('Code'), 'spring25');
    await user.selectOptions(screen.getByLabelText('Kind'), 'fixed');
    await user.type(screen.getByLabelText('Amount off (USD)'), '15.5');
    await user.clear(screen.getByLabelText('Minimum spend (USD)'));
    await user.type(screen.getByLabelText('Minimum spend (USD)'), '50');
    await user.type(screen.getByLabelText('Starts'), '2026-03-01T09:00');
    await user.type(screen.getByLabelText('Uses per customer'), '2');
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.discountCodeSaved));
    expect(callsTo(calls, 'settings.createDiscountCode')).toEqual([
      {
        code: 'SPRING25',
        kind: 'fixed',
        value: 15.5,
        minSpend: 50,
        startsAt: new Date('2026-03-01T09:00').toISOString(),
        endsAt: null,
        maxUses: null,
        maxUsesPerCustomer: 2,
      },
    ]);
  });

  it('shows the schema’s sentence for a percentage over 100, without sending it', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await screen.findByText('WELCOME10');

    await user.type(screen.getByLabelText('Code'), 'TOO-MUCH');
    await user.type(screen.getByLabelText('Percent off'), '120');
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    expect(await screen.findByText(messages.discountPercentInvalid)).toBeInTheDocument();
    expect(callsTo(calls, 'settings.createDiscountCode')).toEqual([]);
  });

  it('shows the server’s refusal of a code that exists already', async () => {
    const user = userEvent.setup();
    renderPage({
      'settings.createDiscountCode': () => {
        throw apiError(409, messages.discountCodeTaken);
      },
    });
    await screen.findByText('WELCOME10');

    await user.type(screen.getByLabelText('Code'), 'welcome10');
    await user.type(screen.getByLabelText('Percent off'), '10');
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.discountCodeTaken));
  });

  it('edits a code from its saved fields and deactivates it', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({
      'settings.editDiscountCode': (input) => ({ ...welcome, ...(input as { fields: object }).fields }),
      'settings.setDiscountCodeActive': () => ({ ...welcome, active: false }),
    });

    await user.click(await screen.findByRole('button', { name: 'Edit WELCOME10' }));
    const value = screen.getByLabelText('Percent off');
    expect(value).toHaveValue(10);
    await user.clear(value);
    await user.type(value, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save code' }));
    await waitFor(() => expect(callsTo(calls, 'settings.editDiscountCode')).toHaveLength(1));
    expect(callsTo(calls, 'settings.editDiscountCode')[0]).toEqual({
      id: welcome.id,
      fields: {
        code: 'WELCOME10',
        kind: 'percent',
        value: 12.5,
        minSpend: 100,
        startsAt: null,
        endsAt: null,
        maxUses: null,
        maxUsesPerCustomer: 1,
      },
    });

    await user.click(screen.getByRole('button', { name: 'Deactivate WELCOME10' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.discountCodeDeactivated));
    expect(callsTo(calls, 'settings.setDiscountCodeActive')).toEqual([{ id: welcome.id, active: false }]);
  });
});
