// The part editor's price breaks: the saved breaks are shown, a new one is added and the whole set
// sent, a repeated quantity is refused before sending, and the server's refusal is shown.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { PriceBreaksSection } from './PriceBreaksSection';
import { admin, apiError, callsTo, renderWithApi } from '../../testing/api-test-harness';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const part = { id: '7f0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a11', price: 40, minimumOrderQuantity: 5 };

function renderSection(setPriceBreaks: (input: unknown) => unknown) {
  return renderWithApi(<PriceBreaksSection part={part} />, {
    auth: admin,
    procedures: { 'tools.priceBreaks': () => [{ minQuantity: 20, unitPrice: 35 }], 'tools.setPriceBreaks': setPriceBreaks },
  });
}

describe('Price breaks', () => {
  beforeEach(() => vi.clearAllMocks());

  it('adds a break to the saved ones and saves the whole set', async () => {
    const user = userEvent.setup();
    const { calls } = renderSection((input) => (input as { breaks: unknown }).breaks);

    expect(await screen.findByLabelText('From quantity')).toHaveValue(20);
    await user.click(screen.getByRole('button', { name: 'Add a break' }));
    const quantities = screen.getAllByLabelText('From quantity');
    await user.type(quantities[1]!, '50');
    await user.type(screen.getAllByLabelText('Unit price (USD)')[1]!, '32.5');
    await user.click(screen.getByRole('button', { name: 'Save price breaks' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.priceBreaksSaved));
    expect(callsTo(calls, 'tools.setPriceBreaks')).toEqual([
      {
        toolId: part.id,
        breaks: [
          { minQuantity: 20, unitPrice: 35 },
          { minQuantity: 50, unitPrice: 32.5 },
        ],
      },
    ]);
  });

  it('refuses two breaks at the same quantity before sending', async () => {
    const user = userEvent.setup();
    const { calls } = renderSection(() => []);
    await screen.findByLabelText('From quantity');
    await user.click(screen.getByRole('button', { name: 'Add a break' }));
    await user.type(screen.getAllByLabelText('From quantity')[1]!, '20');
    await user.type(screen.getAllByLabelText('Unit price (USD)')[1]!, '30');
    await user.click(screen.getByRole('button', { name: 'Save price breaks' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.priceBreakQuantitiesRepeated);
    expect(callsTo(calls, 'tools.setPriceBreaks')).toEqual([]);
  });

  it('shows the server’s refusal of a break not cheaper than the part', async () => {
    const user = userEvent.setup();
    renderSection(() => {
      throw apiError(400, messages.priceBreakNotCheaper(40));
    });
    const price = await screen.findByLabelText('Unit price (USD)');
    await user.clear(price);
    await user.type(price, '45');
    await user.click(screen.getByRole('button', { name: 'Save price breaks' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.priceBreakNotCheaper(40)));
  });
});
