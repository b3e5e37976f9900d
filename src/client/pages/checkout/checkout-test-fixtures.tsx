// Test support for the checkout pages: a quote and a placed order as the server returns them, and
// a router that shows which page a navigation reached.
import { Route, Routes, useLocation } from 'react-router-dom';
import type { ReactElement } from 'react';
import type { CheckoutQuote, PlacedOrder } from '../dashboard-shell/order-types';

export const ORDER_ID = '5f0c2a1e-8b3d-4c7e-9a6f-2d1b0e9c8a71';

export function aQuote(overrides: Partial<CheckoutQuote> = {}): CheckoutQuote {
  return {
    currency: 'USD',
    pricesIncludeTax: true,
    reservationMinutes: 30,
    lines: [
      {
        toolsId: '1e0c8c8e-3d3b-4f59-b4a4-6c2b7f0f9e21',
        name: 'Bike Headsets',
        img: 'https://example.com/headset.jpg',
        quantity: 2,
        unitPrice: 39,
        lineTotal: 78,
        discount: 0,
      },
    ],
    shippingOptions: [
      { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Standard parcel', price: 4.9, chosen: true },
      { id: 'a1b2c3d4-0000-4000-8000-000000000002', name: 'Pick-up at the workshop', price: 0, chosen: false },
    ],
    subtotal: 78,
    discount: null,
    shipping: { method: 'Standard parcel', amount: 4.9 },
    taxTreatment: 'domestic',
    taxRate: 19,
    reverseCharge: false,
    vatId: null,
    net: 69.66,
    tax: 13.24,
    total: 82.9,
    ...overrides,
  };
}

export function aPlacedOrder(overrides: Partial<PlacedOrder> = {}): PlacedOrder {
  return {
    _id: ORDER_ID,
    number: 'SP-10023',
    status: 'unpaid',
    email: 'customer@example.com',
    currency: 'USD',
    shipTo: {
      name: 'Casey Customer',
      company: null,
      line1: 'Kettenweg 1',
      line2: null,
      city: 'Berlin',
      postalCode: '10115',
      country: 'DE',
    },
    phone: '+49 30 123456',
    buyerVatId: null,
    pricesIncludeTax: true,
    taxTreatment: 'domestic',
    taxRate: 19,
    reverseCharge: false,
    lines: [
      {
        bookingId: '8a4f7a52-5b7c-4a7e-9d43-1c3f0f6b2a10',
        toolsId: '1e0c8c8e-3d3b-4f59-b4a4-6c2b7f0f9e21',
        variantOf: null,
        name: 'Bike Headsets',
        quantity: 2,
        unitPrice: 39,
        lineTotal: 78,
        discount: 0,
        tax: 12.45,
        charged: 78,
        status: 'unpaid',
        shippedAt: null,
        refundedAt: null,
      },
    ],
    subtotal: 78,
    discount: null,
    shipping: { method: 'Standard parcel', amount: 4.9, tax: 0.79 },
    net: 69.66,
    tax: 13.24,
    total: 82.9,
    paymentError: null,
    transaction: null,
    heldUntil: new Date(Date.now() + 20 * 60_000).toISOString(),
    createdAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    paidAt: null,
    cancelledAt: null,
    ...overrides,
  };
}

function WhereAmI() {
  return <p>Now at {useLocation().pathname}</p>;
}

/** The page under test on `path`, and any other path saying where a navigation went. */
export function pageAt(path: string, page: ReactElement): ReactElement {
  return (
    <Routes>
      <Route path={path} element={page} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>
  );
}
