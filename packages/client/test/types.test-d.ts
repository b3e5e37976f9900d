// The shapes integrations depend on, pinned: `npm run check` (tsc) fails when the document, and so
// the client's generated types, change one of them. A compatible change (a new optional field)
// fails here too, on purpose: whoever makes it updates the pin and api/CHANGELOG.md together.
import { createSprocketClient, type Schema } from '@sprocket/client';
import { expectTypeOf } from 'vitest';

interface PartSummary {
  id: string;
  name: string;
  img: string;
  price: number;
  minimumOrderQuantity: number;
  available: number;
  description: string;
  reviewCount: number;
  averageRating: number | null;
  variantCount: number;
}

interface Variant {
  id: string;
  sku: string | null;
  optionValues: { [key: string]: string };
  price: number;
  available: number;
  minimumOrderQuantity: number;
  img: string;
}

interface Part extends PartSummary {
  images: Array<{ path: string; alt: string }>;
  specifications: Array<{ name: string; value: string }>;
  variants: Variant[];
}

type Country = Schema<'PlaceOrderRequest'>['address']['country'];

interface PlaceOrderBody {
  address: { name: string; company?: string; line1: string; line2?: string; city: string; postalCode: string; country: Country };
  phone: string;
  shippingRateId: string;
  vatId?: string;
  discountCode?: string;
  expectedTotal?: number;
  lines: Array<{ partId: string; variantId?: string; quantity: number }>;
}

interface OrderLine {
  bookingId: string;
  partId: string;
  variantId: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  discount: number;
  tax: number;
  charged: number;
  status: 'unpaid' | 'paid' | 'shipped' | 'cancelled' | 'refunded';
  shippedAt: string | null;
  refundedAt: string | null;
}

interface Order {
  id: string;
  number: string;
  status: 'unpaid' | 'paid' | 'cancelled' | 'expired';
  currency: string;
  shipTo: {
    name: string;
    company: string | null;
    line1: string;
    line2: string | null;
    city: string;
    postalCode: string;
    country: string;
  };
  phone: string;
  buyerVatId: string | null;
  pricesIncludeTax: boolean;
  taxRate: number;
  reverseCharge: boolean;
  lines: OrderLine[];
  subtotal: number;
  discount: { code: string; amount: number } | null;
  shipping: { method: string; amount: number; tax: number } | null;
  net: number;
  tax: number;
  total: number;
  heldUntil: string;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
}

interface PlacedOrder extends Order {
  paymentUrl: string;
}

interface QuoteBody {
  country: Country;
  shippingRateId?: string;
  vatId?: string;
  discountCode?: string;
  lines: Array<{ partId: string; variantId?: string; quantity: number }>;
}

interface OrderQuote {
  currency: string;
  pricesIncludeTax: boolean;
  reservationMinutes: number;
  lines: Array<{
    partId: string;
    variantId: string | null;
    name: string;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
    discount: number;
  }>;
  shippingOptions: Array<{ id: string; name: string; price: number; chosen: boolean }>;
  subtotal: number;
  discount: { code: string; amount: number } | null;
  shipping: { method: string; amount: number };
  taxRate: number;
  reverseCharge: boolean;
  vatId: string | null;
  net: number;
  tax: number;
  total: number;
}

interface ApiError {
  error: { code: string; message: string };
}

const client = createSprocketClient({ baseUrl: 'https://shop.example', apiKey: 'spk_test' });
const id = '3f1c2a9e-8b7d-4c55-9a0e-2d6f4b1e7a10';

// Declared, never run: tsc checks what each call's answer is typed as.
export async function pinnedShapes(body: PlaceOrderBody, quoteBody: QuoteBody): Promise<void> {
  const parts = await client.GET('/api/v1/parts', { params: { query: { limit: '10', cursor: 'next' } } });
  expectTypeOf(parts.data).toEqualTypeOf<{ items: PartSummary[]; nextCursor: string | null } | undefined>();
  expectTypeOf(parts.error).toEqualTypeOf<ApiError | undefined>();

  const part = await client.GET('/api/v1/parts/{id}', { params: { path: { id } } });
  expectTypeOf(part.data).toEqualTypeOf<Part | undefined>();
  expectTypeOf(part.error).toEqualTypeOf<ApiError | undefined>();

  expectTypeOf<Schema<'PlaceOrderRequest'>>().toEqualTypeOf<PlaceOrderBody>();
  expectTypeOf<Country>().toExtend<string>();
  expectTypeOf<Schema<'QuoteRequest'>>().toEqualTypeOf<QuoteBody>();
  const quote = await client.POST('/api/v1/orders/quote', { body: quoteBody });
  expectTypeOf(quote.data).toEqualTypeOf<OrderQuote | undefined>();
  expectTypeOf(quote.error).toEqualTypeOf<ApiError | undefined>();

  const placed = await client.POST('/api/v1/orders', { body });
  expectTypeOf(placed.data).toEqualTypeOf<PlacedOrder | undefined>();
  expectTypeOf(placed.error).toEqualTypeOf<ApiError | undefined>();

  const order = await client.GET('/api/v1/orders/{id}', { params: { path: { id } } });
  expectTypeOf(order.data).toEqualTypeOf<Order | undefined>();
  expectTypeOf(order.error).toEqualTypeOf<ApiError | undefined>();
}

// And what the document does not offer is no call at all.
// @ts-expect-error -- the API has no PUT on a part
void client.PUT('/api/v1/parts/{id}', { params: { path: { id } } });
// @ts-expect-error -- an order needs its lines
void client.POST('/api/v1/orders', { body: { phone: '+49 30 1234567', shippingRateId: id } });
