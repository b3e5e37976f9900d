// The checkout page: the cart priced for the country, a refused discount code shown under its
// field with the price kept, placing the order with what the customer saw, and server refusals.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orderMessages } from '../../../shared/order-messages';
import { apiError, callsTo, renderWithApi, type FakeProcedure } from '../../testing/api-test-harness';
import { REVERSE_CHARGE_NOTE, VAT_ID_OTHER_COUNTRY_NOTE } from './BusinessPurchase';
import { customerAccount } from '../../testing/account-fixtures';
import CheckoutPage from './CheckoutPage';
import { aPlacedOrder, aQuote, ORDER_ID, pageAt } from './checkout-test-fixtures';

function renderCheckout(procedures: Record<string, FakeProcedure> = {}) {
  return renderWithApi(pageAt('/checkout', <CheckoutPage />), {
    at: '/checkout',
    routePath: '/*',
    procedures: { 'orders.quote': () => aQuote(), 'orders.savedAddresses': () => [], ...procedures },
  });
}

async function fillAddress() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full name'), 'Casey Customer');
  await user.type(screen.getByLabelText('Address line 1'), 'Kettenweg 1');
  await user.type(screen.getByLabelText('Postal code'), '10115');
  await user.type(screen.getByLabelText('Town or city'), 'Berlin');
  await user.type(screen.getByLabelText('Phone'), '+49 30 123456');
}

function summary(): HTMLElement {
  return screen.getByRole('region', { name: 'Order summary' });
}

describe('Checkout page', () => {
  it('starts a business customer (company and VAT ID on the profile) as a business purchase, filled in', async () => {
    const { calls } = renderCheckout({
      'users.me': () => ({ ...customerAccount({ emailVerified: true }), companyName: 'Vélo Lyon SARL', vatId: 'FR40303265045' }),
    });

    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'I am buying for a business' })).toBeChecked());
    expect(screen.getByLabelText('VAT ID')).toHaveValue('FR40303265045');
    expect(screen.getByLabelText('Company (optional)')).toHaveValue('Vélo Lyon SARL');
    await waitFor(() => expect(callsTo(calls, 'orders.quote').at(-1)).toMatchObject({ vatId: 'FR40303265045' }));
  });

  it('shows the quote: lines, shipping methods, VAT included, total and how long parts are held', async () => {
    const { calls } = renderCheckout();

    expect(await screen.findByText('We hold your parts for 30 minutes while you pay.')).toBeInTheDocument();
    const figures = summary();
    expect(within(figures).getByText('Bike Headsets')).toBeInTheDocument();
    expect(within(figures).getByText('2 × $39.00')).toBeInTheDocument();
    expect(within(figures).getByText('Includes VAT 19%:').nextSibling).toHaveTextContent('$13.24');
    expect(within(figures).getByText('Total:').nextSibling).toHaveTextContent('$82.90');
    expect(screen.getByRole('radio', { name: /^Standard parcel/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Pick-up at the workshop/ }).closest('label')).toHaveTextContent('Free');
    expect(callsTo(calls, 'orders.quote')[0]).toEqual({ country: 'DE' });
  });

  it('says VAT is added, or reverse-charged, as the quote says', async () => {
    renderCheckout({ 'orders.quote': () => aQuote({ pricesIncludeTax: false, reverseCharge: true, tax: 0 }) });

    expect(await within(await screen.findByRole('region', { name: 'Order summary' })).findByText('VAT:')).toBeInTheDocument();
    expect(within(summary()).getByText('reverse charge')).toBeInTheDocument();
  });

  it('asks for a new quote when the shipping method or the country changes', async () => {
    const { calls } = renderCheckout();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('radio', { name: /^Pick-up at the workshop/ }));
    await waitFor(() =>
      expect(callsTo(calls, 'orders.quote')).toContainEqual({ country: 'DE', shippingRateId: 'a1b2c3d4-0000-4000-8000-000000000002' }),
    );
    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    await waitFor(() => expect(callsTo(calls, 'orders.quote')).toContainEqual({ country: 'FR' }));
  });

  it('shows a refused discount code under its field and keeps the price without it', async () => {
    const { calls } = renderCheckout({
      'orders.quote': (input) => {
        if ((input as { discountCode?: string }).discountCode === 'SPRING10') throw apiError(400, orderMessages.discountExpired);
        return aQuote();
      },
    });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Discount code'), 'spring10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(orderMessages.discountExpired);
    expect(screen.getByLabelText('Discount code')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'orders.quote')).toContainEqual({ country: 'DE', discountCode: 'SPRING10' });
    expect(within(summary()).getByText('Total:').nextSibling).toHaveTextContent('$82.90');
    expect(within(summary()).queryByText(/Discount/)).not.toBeInTheDocument();
  });

  it('prices the order with an accepted discount code', async () => {
    renderCheckout({
      'orders.quote': (input) =>
        (input as { discountCode?: string }).discountCode === 'SPRING10'
          ? aQuote({ discount: { code: 'SPRING10', amount: 7.8 }, total: 75.1 })
          : aQuote(),
    });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Discount code'), 'spring10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Discount (SPRING10):')).toBeInTheDocument();
    expect(within(summary()).getByText('Total:').nextSibling).toHaveTextContent('$75.10');
  });

  it('places the order with the address, the chosen method and the total seen, then opens its payment page', async () => {
    const { calls } = renderCheckout({ 'orders.place': () => aPlacedOrder() });
    await screen.findByText('We hold your parts for 30 minutes while you pay.');

    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Place order and pay' }));

    expect(await screen.findByText(`Now at /orders/${ORDER_ID}/pay`)).toBeInTheDocument();
    expect(callsTo(calls, 'orders.place')).toEqual([
      {
        address: { name: 'Casey Customer', line1: 'Kettenweg 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
        phone: '+49 30 123456',
        shippingRateId: 'a1b2c3d4-0000-4000-8000-000000000001',
        expectedTotal: 82.9,
      },
    ]);
  });

  it('shows the address mistakes with the server’s messages and places nothing', async () => {
    const { calls } = renderCheckout();
    await screen.findByText('We hold your parts for 30 minutes while you pay.');

    await userEvent.type(screen.getByLabelText('Postal code'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Place order and pay' }));

    expect(await screen.findByText('Enter the name of the person the parcel is for.')).toBeInTheDocument();
    expect(screen.getByText('Enter the postal code as it is written in Germany, for example 10115.')).toBeInTheDocument();
    expect(callsTo(calls, 'orders.place')).toEqual([]);
  });

  it('shows a refusal to place the order at the top and prices the order again', async () => {
    const { calls } = renderCheckout({
      'orders.place': () => {
        throw apiError(409, orderMessages.totalChanged);
      },
    });
    await screen.findByText('We hold your parts for 30 minutes while you pay.');
    const quotesBefore = callsTo(calls, 'orders.quote').length;

    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Place order and pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(orderMessages.totalChanged);
    await waitFor(() => expect(callsTo(calls, 'orders.quote').length).toBeGreaterThan(quotesBefore));
    expect(screen.queryByText(/Now at/)).not.toBeInTheDocument();
  });

  it('says the cart is empty and links to it', async () => {
    renderCheckout({
      'orders.quote': () => {
        throw apiError(400, orderMessages.cartEmpty);
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(orderMessages.cartEmpty);
    expect(screen.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
  });

  it('prices a business purchase with its VAT ID and notes the reverse charge', async () => {
    const { calls } = renderCheckout({
      'orders.quote': (input) =>
        (input as { vatId?: string }).vatId === 'FR40303265045'
          ? aQuote({ reverseCharge: true, vatId: 'FR40303265045', tax: 0 })
          : aQuote(),
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'I am buying for a business' }));
    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    await user.type(screen.getByLabelText('VAT ID'), 'FR 40 303 265 045');

    expect(await screen.findByText(REVERSE_CHARGE_NOTE)).toBeInTheDocument();
    expect(callsTo(calls, 'orders.quote')).toContainEqual({ country: 'FR', vatId: 'FR40303265045' });
  });

  it('says a VAT ID of another country than the one shipped to does not count', async () => {
    renderCheckout({ 'orders.quote': () => aQuote({ vatId: null }) });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'I am buying for a business' }));
    await user.type(screen.getByLabelText('VAT ID'), 'FR40303265045');

    expect(await screen.findByText(VAT_ID_OTHER_COUNTRY_NOTE)).toBeInTheDocument();
    expect(screen.queryByText(REVERSE_CHARGE_NOTE)).not.toBeInTheDocument();
  });
});
