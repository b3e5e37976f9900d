// "I am buying for a business": the VAT ID field, and what the quote made of the ID (reverse
// charge, or an ID that does not count for the country the parts go to).
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../components/FormField';
import type { CheckoutFormInput, CheckoutFormValues } from './checkout-form';

export const REVERSE_CHARGE_NOTE = 'Reverse charge: no VAT is charged; you account for it in your country.';
export const VAT_ID_OTHER_COUNTRY_NOTE =
  'This VAT ID only counts for the country it was issued in, so VAT is charged for where the parts go.';

interface BusinessPurchaseProps {
  form: UseFormReturn<CheckoutFormInput, unknown, CheckoutFormValues>;
  business: boolean;
  onBusinessChange: (business: boolean) => void;
  reverseCharge: boolean;
  /** True when a well-formed VAT ID was priced but does not count for this order. */
  vatIdIgnored: boolean;
}

export function BusinessPurchase({ form, business, onBusinessChange, reverseCharge, vatIdIgnored }: BusinessPurchaseProps) {
  const fieldId = useId();
  return (
    <div className="flex flex-col gap-3">
      <label className="label cursor-pointer justify-start gap-3 text-base-content">
        <input
          type="checkbox"
          className="checkbox"
          checked={business}
          onChange={(event) => {
            onBusinessChange(event.target.checked);
            if (!event.target.checked) form.setValue('vatId', '');
          }}
        />
        I am buying for a business
      </label>
      {business ? (
        <FormField
          id={`${fieldId}-vat-id`}
          label="VAT ID"
          hint="With its country prefix, for example DE123456789."
          error={form.formState.errors.vatId?.message}
        >
          {(field) => <input {...field} {...form.register('vatId')} autoComplete="off" className="input w-full sm:max-w-xs" />}
        </FormField>
      ) : null}
      {business && reverseCharge ? <p className="alert alert-info alert-soft">{REVERSE_CHARGE_NOTE}</p> : null}
      {business && vatIdIgnored ? <p className="alert alert-warning alert-soft">{VAT_ID_OTHER_COUNTRY_NOTE}</p> : null}
    </div>
  );
}
