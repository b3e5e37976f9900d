// The shipping address and phone fields of the checkout form, each labelled, with the server's messages.
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { SHIPPING_COUNTRIES } from '../../../shared/countries';
import { FormField } from '../../components/FormField';
import type { CheckoutFormInput, CheckoutFormValues } from './checkout-form';

type CheckoutForm = UseFormReturn<CheckoutFormInput, unknown, CheckoutFormValues>;

export function AddressFields({ form }: { form: CheckoutForm }) {
  const fieldId = useId();
  const {
    register,
    formState: { errors },
  } = form;
  const address = errors.address;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${fieldId}-name`} label="Full name" error={address?.name?.message}>
        {(field) => <input {...field} {...register('address.name')} autoComplete="shipping name" className="input w-full" />}
      </FormField>
      <FormField id={`${fieldId}-company`} label="Company (optional)" error={address?.company?.message}>
        {(field) => (
          <input {...field} {...register('address.company')} autoComplete="shipping organization" className="input w-full" />
        )}
      </FormField>
      <FormField id={`${fieldId}-line1`} label="Address line 1" error={address?.line1?.message}>
        {(field) => <input {...field} {...register('address.line1')} autoComplete="shipping address-line1" className="input w-full" />}
      </FormField>
      <FormField id={`${fieldId}-line2`} label="Address line 2 (optional)" error={address?.line2?.message}>
        {(field) => <input {...field} {...register('address.line2')} autoComplete="shipping address-line2" className="input w-full" />}
      </FormField>
      <FormField id={`${fieldId}-postal-code`} label="Postal code" error={address?.postalCode?.message}>
        {(field) => (
          <input {...field} {...register('address.postalCode')} autoComplete="shipping postal-code" className="input w-full" />
        )}
      </FormField>
      <FormField id={`${fieldId}-city`} label="Town or city" error={address?.city?.message}>
        {(field) => <input {...field} {...register('address.city')} autoComplete="shipping address-level2" className="input w-full" />}
      </FormField>
      <FormField id={`${fieldId}-country`} label="Country" error={address?.country?.message}>
        {(field) => (
          <select {...field} {...register('address.country')} autoComplete="shipping country" className="select w-full">
            {SHIPPING_COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${fieldId}-phone`} label="Phone" hint="For the carrier, if they cannot find you." error={errors.phone?.message}>
        {(field) => <input {...field} {...register('phone')} type="tel" autoComplete="shipping tel" className="input w-full" />}
      </FormField>
    </div>
  );
}
