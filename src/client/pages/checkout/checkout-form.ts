// The checkout form's fields and rules: the shipping address and phone with the server's own
// schemas (so both give the same message), and the VAT ID a business may add.
import { z } from 'zod';
import { addressSchema } from '../../../shared/addresses';
import { phoneSchema } from '../../../shared/orders';
import { vatIdSchema } from '../../../shared/vat-ids';

export const checkoutFormSchema = z.object({ address: addressSchema, phone: phoneSchema, vatId: vatIdSchema });

export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutFormValues = z.output<typeof checkoutFormSchema>;

export const emptyCheckoutForm: CheckoutFormInput = {
  address: { name: '', company: '', line1: '', line2: '', postalCode: '', city: '', country: 'DE' },
  phone: '',
  vatId: '',
};

/** The VAT ID to price with: a well-formed one, normalised, or none while the field is empty or still wrong. */
export function vatIdToQuote(typed: string): string | undefined {
  const parsed = vatIdSchema.safeParse(typed);
  return parsed.success ? parsed.data : undefined;
}
