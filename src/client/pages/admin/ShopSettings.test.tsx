// Shop settings: the form opens on the saved settings, saves from their version, shows the
// currency without letting it change, takes the euro rate as typed (or none), and shows another
// admin's values when they saved first.
import { TRPCClientError } from '@trpc/client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import ShopSettings from './ShopSettings';
import { admin, callsTo, renderWithApi } from '../../testing/api-test-harness';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const saved = {
  legalName: 'Sprocket Parts GmbH',
  addressLine1: 'Kettenweg 12',
  addressLine2: null,
  city: 'Berlin',
  postalCode: '10115',
  country: 'DE',
  vatId: 'DE293847560',
  email: 'orders@sprocket.example',
  currency: 'usd',
  pricesIncludeTax: true,
  ossEnabled: false,
  reservationMinutes: 30,
  eurRate: '0.92',
  version: 4,
};

function renderPage(updateShop: (input: unknown) => unknown) {
  return renderWithApi(<ShopSettings />, {
    auth: admin,
    at: '/dashboard/settings',
    procedures: { 'settings.shop': () => saved, 'settings.updateShop': updateShop },
  });
}

describe('Shop settings', () => {
  beforeEach(() => vi.clearAllMocks());

  it('saves the changed settings with the version the form showed, the empty second line as none', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage((input) => ({ ...saved, ...(input as object), version: 5 }));

    const minutes = await screen.findByLabelText('Hold stock for (minutes)');
    expect(screen.getByText('USD')).toBeInTheDocument();
    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.click(screen.getByLabelText(/One-Stop Shop/));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.shopSettingsSaved));
    expect(callsTo(calls, 'settings.updateShop')).toEqual([
      {
        legalName: 'Sprocket Parts GmbH',
        addressLine1: 'Kettenweg 12',
        addressLine2: null,
        city: 'Berlin',
        postalCode: '10115',
        country: 'DE',
        vatId: 'DE293847560',
        email: 'orders@sprocket.example',
        pricesIncludeTax: true,
        ossEnabled: true,
        reservationMinutes: 45,
        eurRate: '0.92',
        version: 4,
      },
    ]);
  });

  it('saves a new euro rate as typed, and an emptied one as none', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage((input) => ({ ...saved, ...(input as object), version: 5 }));

    const rate = await screen.findByLabelText('Euro rate (optional)');
    expect(rate).toHaveValue('0.92');
    await user.clear(rate);
    await user.type(rate, ' 0.921300 ');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(callsTo(calls, 'settings.updateShop')).toHaveLength(1));
    expect(callsTo(calls, 'settings.updateShop').at(-1)).toMatchObject({ eurRate: '0.9213', version: 4 });

    await waitFor(() => expect(rate).toHaveValue('0.9213'));
    await user.clear(rate);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(callsTo(calls, 'settings.updateShop')).toHaveLength(2));
    expect(callsTo(calls, 'settings.updateShop').at(-1)).toMatchObject({ eurRate: null, version: 5 });
  });

  it('shows the server’s sentence for a euro rate that is not one, without saving', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(() => saved);

    const rate = await screen.findByLabelText('Euro rate (optional)');
    await user.clear(rate);
    await user.type(rate, '0,92');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(messages.eurRateInvalid)).toBeInTheDocument();
    expect(callsTo(calls, 'settings.updateShop')).toEqual([]);
  });

  it('shows the server’s sentence for a hold time out of range, without saving', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(() => saved);

    const minutes = await screen.findByLabelText('Hold stock for (minutes)');
    await user.clear(minutes);
    await user.type(minutes, '2');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(messages.reservationMinutesInvalid)).toBeInTheDocument();
    expect(callsTo(calls, 'settings.updateShop')).toEqual([]);
  });

  it('shows why a save was refused and the values another admin saved, then saves from their version', async () => {
    const user = userEvent.setup();
    const theirs = { ...saved, legalName: 'Sprocket Parts AG', version: 5 };
    let refused = false;
    const { calls } = renderPage((input) => {
      if (!refused) {
        refused = true;
        throw TRPCClientError.from({
          error: {
            code: -32009,
            message: messages.shopSettingsConflict,
            data: { code: 'CONFLICT', httpStatus: 409, current: theirs },
          },
        } as never);
      }
      return { ...theirs, ...(input as object), version: 6 };
    });

    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.shopSettingsConflict);
    await waitFor(() => expect(screen.getByLabelText('Legal name')).toHaveValue('Sprocket Parts AG'));

    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.shopSettingsSaved));
    expect(callsTo(calls, 'settings.updateShop').at(-1)).toMatchObject({ version: 5, legalName: 'Sprocket Parts AG' });
  });
});
