// Shipping: each zone shows its countries and rates; countries are saved as one list of codes in
// capitals, and a country held by another zone shows the server's sentence naming it; a rate is
// added with an empty threshold as never free; deleting a zone asks first.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import Shipping from './Shipping';
import { admin, apiError, callsTo, renderWithApi } from '../../testing/api-test-harness';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const zone = {
  id: '7f0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a11',
  name: 'Benelux',
  countries: ['BE', 'NL'],
  rates: [{ id: '7f0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a12', name: 'Standard', price: 6.5, freeAbove: 150 }],
};

function renderPage(procedures: Record<string, (input: unknown) => unknown> = {}) {
  return renderWithApi(<Shipping />, {
    auth: admin,
    at: '/dashboard/shipping',
    procedures: { 'settings.shippingZones': () => [zone], ...procedures },
  });
}

describe('Shipping', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows each zone with its countries and rates', async () => {
    renderPage();
    const card = await screen.findByRole('article', { name: 'Zone Benelux' });
    expect(within(card).getByLabelText('Countries')).toHaveValue('BE, NL');
    expect(within(card).getByText('Standard')).toBeInTheDocument();
    expect(within(card).getByText('$6.50, free from $150.00')).toBeInTheDocument();
  });

  it('saves the countries typed in any case, and shows the sentence naming the zone that holds one', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({
      'settings.setZoneCountries': () => {
        throw apiError(409, messages.countryInOtherZone('DE', 'Germany'));
      },
    });
    const countries = within(await screen.findByRole('article', { name: 'Zone Benelux' })).getByLabelText('Countries');
    await user.clear(countries);
    await user.type(countries, 'be, nl lu,de');
    await user.click(screen.getByRole('button', { name: 'Save countries' }));

    expect(await screen.findByText(messages.countryInOtherZone('DE', 'Germany'))).toBeInTheDocument();
    expect(callsTo(calls, 'settings.setZoneCountries')).toEqual([{ id: zone.id, countries: ['BE', 'NL', 'LU', 'DE'] }]);
  });

  it('refuses a country typed twice before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const countries = within(await screen.findByRole('article', { name: 'Zone Benelux' })).getByLabelText('Countries');
    await user.clear(countries);
    await user.type(countries, 'BE, be');
    await user.click(screen.getByRole('button', { name: 'Save countries' }));

    expect(await screen.findByText(messages.countriesRepeated)).toBeInTheDocument();
    expect(callsTo(calls, 'settings.setZoneCountries')).toEqual([]);
  });

  it('adds a rate with an empty threshold as never free', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ 'settings.addShippingRate': (input) => ({ id: 'new', ...(input as object) }) });
    const card = await screen.findByRole('article', { name: 'Zone Benelux' });
    await user.click(within(card).getByText('Add a rate'));
    const form = within(card).getByRole('form', { name: 'Add rate' });
    await user.type(within(form).getByLabelText('Rate name'), 'Express');
    await user.type(within(form).getByLabelText('Price (USD)'), '19.9');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.shippingRateSaved));
    expect(callsTo(calls, 'settings.addShippingRate')).toEqual([{ zoneId: zone.id, name: 'Express', price: 19.9, freeAbove: null }]);
  });

  it('deletes a zone only once the admin confirms', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ 'settings.deleteShippingZone': () => ({ id: zone.id }) });
    await user.click(await screen.findByRole('button', { name: 'Delete zone Benelux' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(messages.confirmDeleteZone('Benelux'));
    await user.click(screen.getByRole('button', { name: messages.deleteZone }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.zoneDeleted));
    expect(callsTo(calls, 'settings.deleteShippingZone')).toEqual([{ id: zone.id }]);
  });
});
