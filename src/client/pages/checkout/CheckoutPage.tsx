// The checkout (/checkout): address, business VAT ID, shipping method and discount code in steps
// beside the cart priced for them; "Place order and pay" places one order and goes to its payment.
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { isShippingCountry } from '../../../shared/countries';
import { orderMessages } from '../../../shared/order-messages';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import type { SavedAddress } from '../dashboard-shell/order-types';
import { AddressFields } from './AddressFields';
import { BusinessPurchase } from './BusinessPurchase';
import { checkoutFormSchema, emptyCheckoutForm, vatIdToQuote, type CheckoutFormInput, type CheckoutFormValues } from './checkout-form';
import { CheckoutStep } from './CheckoutStep';
import { DiscountCodeField } from './DiscountCodeField';
import { orderPaymentPath } from './order-paths';
import { PriceSummary } from './PriceSummary';
import { SavedAddresses } from './SavedAddresses';
import { ShippingMethods } from './ShippingMethods';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** How long typing in the VAT ID box pauses before the order is priced again. */
const VAT_ID_TYPING_PAUSE_MS = 400;

export default function CheckoutPage() {
  const formId = useId();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const form = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: emptyCheckoutForm,
    mode: 'onTouched',
  });
  const country = useWatch({ control: form.control, name: 'address.country' });
  const typedVatId = useWatch({ control: form.control, name: 'vatId' }) ?? '';
  const [business, setBusiness] = useState(false);
  const vatId = vatIdToQuote(useDebouncedValue(business ? typedVatId : '', VAT_ID_TYPING_PAUSE_MS));
  // A method chosen for one country is no choice for another: the server then offers its default.
  const [chosenRate, setChosenRate] = useState<{ country: string; id: string } | null>(null);
  const shippingRateId = chosenRate?.country === country ? chosenRate.id : undefined;
  const [discountCode, setDiscountCode] = useState<string | undefined>(undefined);

  const quoteInput = { country, shippingRateId, vatId, discountCode };
  const quote = trpc.orders.quote.useQuery(quoteInput, { placeholderData: keepPreviousData });
  const savedAddresses = trpc.orders.savedAddresses.useQuery();
  useBusinessFromProfile(form, setBusiness);

  const refusalRef = useRef<HTMLDivElement>(null);
  const place = trpc.orders.place.useMutation({
    onSuccess: (order) => {
      // Placing the order emptied the cart: the navbar's count must not keep the lines.
      void utils.cart.view.invalidate();
      void navigate(orderPaymentPath(order._id));
    },
    // The total, the stock or the code changed under the customer: show the order as it is now.
    onError: () => void utils.orders.quote.invalidate(),
  });
  useEffect(() => {
    if (place.error) refusalRef.current?.focus();
  }, [place.error]);

  async function applyCode(code: string): Promise<string | null> {
    const normalised = code.trim().toUpperCase();
    try {
      await utils.orders.quote.fetch({ ...quoteInput, discountCode: normalised });
      setDiscountCode(normalised);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  function fillSavedAddress(address: SavedAddress) {
    form.setValue(
      'address',
      {
        name: address.name,
        company: address.company ?? '',
        line1: address.line1,
        line2: address.line2 ?? '',
        postalCode: address.postalCode,
        city: address.city,
        country: isShippingCountry(address.country) ? address.country : form.getValues('address.country'),
      },
      { shouldValidate: true },
    );
  }

  const placeOrder = form.handleSubmit((values) => {
    const priced = quote.data;
    const rate = priced?.shippingOptions.find((option) => option.chosen);
    if (!priced || !rate || quote.isPlaceholderData) return;
    place.mutate({
      address: values.address,
      phone: values.phone,
      shippingRateId: rate.id,
      vatId: business ? values.vatId : undefined,
      discountCode,
      expectedTotal: priced.total,
    });
  });

  if (quote.isError && quote.error.message === orderMessages.cartEmpty) {
    return (
      <CheckoutShell>
        <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-8 text-center">
          <p role="alert" className="text-lg font-medium">
            {orderMessages.cartEmpty}
          </p>
          <Link to="/cart" className="btn btn-primary mt-4">
            Go to your cart
          </Link>
        </div>
      </CheckoutShell>
    );
  }

  const priced = quote.data;
  return (
    <CheckoutShell>
      {place.error ? (
        <div ref={refusalRef} tabIndex={-1} role="alert" className="alert alert-error alert-soft mb-6">
          {place.error.message}
        </div>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex flex-col gap-6">
          <form
            id={formId}
            noValidate
            aria-label="Shipping address"
            className="flex flex-col gap-6"
            onSubmit={(event) => void placeOrder(event)}
          >
            <CheckoutStep number={1} title="Shipping address">
              <SavedAddresses addresses={savedAddresses.data ?? []} onChoose={fillSavedAddress} />
              <AddressFields form={form} />
            </CheckoutStep>
            <CheckoutStep number={2} title="Business purchase">
              <BusinessPurchase
                form={form}
                business={business}
                onBusinessChange={setBusiness}
                reverseCharge={priced?.reverseCharge ?? false}
                vatIdIgnored={vatId !== undefined && !quote.isPlaceholderData && priced !== undefined && priced.vatId === null}
              />
            </CheckoutStep>
          </form>
          <CheckoutStep number={3} title="Shipping method">
            {priced ? (
              <ShippingMethods
                options={priced.shippingOptions}
                disabled={quote.isFetching}
                onChoose={(id) => setChosenRate({ country, id })}
              />
            ) : (
              <p className="text-base-content/70">The methods for your country appear once your order is priced.</p>
            )}
          </CheckoutStep>
          <CheckoutStep number={4} title="Discount code">
            <DiscountCodeField applied={discountCode} onApply={applyCode} onRemove={() => setDiscountCode(undefined)} />
          </CheckoutStep>
        </div>
        <aside className="card border border-base-300 bg-base-100 shadow-sm lg:sticky lg:top-4">
          <div className="card-body gap-4 p-4 sm:p-6">
            {quote.isPending ? (
              <Spinner label="Pricing your order…" />
            ) : quote.isError ? (
              <LoadFailure message={quote.error.message} onRetry={() => void quote.refetch()} />
            ) : (
              <>
                <PriceSummary figures={quote.data} />
                <p className="text-sm text-base-content/70">
                  We hold your parts for {quote.data.reservationMinutes} minutes while you pay.
                </p>
              </>
            )}
            <button
              type="submit"
              form={formId}
              className="btn btn-primary btn-block"
              disabled={!priced || quote.isError || quote.isFetching || place.isPending}
            >
              {place.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              Place order and pay
            </button>
          </div>
        </aside>
      </div>
    </CheckoutShell>
  );
}

function CheckoutShell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <PageTitle title="Checkout" />
      <h1 className="mb-6 text-2xl font-bold tracking-tight">Checkout</h1>
      {children}
    </div>
  );
}

/**
 * A business customer (a company and a VAT ID on My Profile) starts the checkout as one: the
 * business box ticked, the VAT ID and the company filled in, once, unless already typed.
 */
function useBusinessFromProfile(
  form: UseFormReturn<CheckoutFormInput, unknown, CheckoutFormValues>,
  setBusiness: (on: boolean) => void,
) {
  const me = trpc.users.me.useQuery();
  const filled = useRef(false);
  useEffect(() => {
    const account = me.data;
    if (filled.current || !account?.companyName || !account.vatId) return;
    filled.current = true;
    setBusiness(true);
    if (!form.getValues('vatId')) form.setValue('vatId', account.vatId);
    if (!form.getValues('address.company')) form.setValue('address.company', account.companyName);
  }, [me.data, form, setBusiness]);
}
