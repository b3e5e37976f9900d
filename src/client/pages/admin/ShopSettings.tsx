// Shop settings (admin): the shop's legal identity as invoices print it, whether prices are entered
// with tax, the One-Stop Shop, the euro rate invoices state their VAT in euros with, and how long a
// checkout holds stock. The currency is shown, not edited: orders and payments are in USD. When
// another admin saved first, the form shows their values.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { RESERVATION_MINUTES_MAX, RESERVATION_MINUTES_MIN, updateShopSettingsSchema } from '../../../shared/shop-settings';
import { FormField } from '../../components/FormField';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';

type Settings = RouterOutputs['settings']['shop'];

/** The form's fields: everything but the version (kept beside the form) and the currency (shown only). */
const shopFormSchema = updateShopSettingsSchema.omit({ version: true, currency: true });
type ShopForm = z.input<typeof shopFormSchema>;
type ShopFormOutput = z.output<typeof shopFormSchema>;

export default function ShopSettings() {
  const settings = trpc.settings.shop.useQuery(undefined, { refetchOnWindowFocus: false });
  return (
    <section>
      <PageTitle title="Shop settings" />
      <DashboardHeading title="Shop settings">Who the shop is on its invoices, and how it prices and holds stock.</DashboardHeading>
      {settings.isPending ? (
        <Spinner label="Loading the settings…" />
      ) : settings.isError ? (
        <LoadFailure message={settings.error.message} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </section>
  );
}

function fieldsOf(settings: Settings): ShopForm {
  return {
    legalName: settings.legalName,
    addressLine1: settings.addressLine1,
    addressLine2: settings.addressLine2 ?? '',
    city: settings.city,
    postalCode: settings.postalCode,
    country: settings.country,
    vatId: settings.vatId ?? '',
    email: settings.email,
    pricesIncludeTax: settings.pricesIncludeTax,
    ossEnabled: settings.ossEnabled,
    reservationMinutes: settings.reservationMinutes,
    eurRate: settings.eurRate ?? '',
  };
}

function SettingsForm({ settings }: { settings: Settings }) {
  const utils = trpc.useUtils();
  const fieldId = useId();
  const [base, setBase] = useState(settings);
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useForm<ShopForm, unknown, ShopFormOutput>({
    resolver: zodResolver(shopFormSchema),
    defaultValues: fieldsOf(settings),
  });
  const {
    register,
    formState: { errors },
  } = form;
  const id = (name: keyof ShopForm) => `${fieldId}-${name}`;

  const save = trpc.settings.updateShop.useMutation({
    onSuccess: (saved) => {
      toast.success(messages.shopSettingsSaved);
      setBase(saved);
      form.reset(fieldsOf(saved));
      void utils.settings.shop.invalidate();
    },
    onError: (error) => {
      const current = error.data?.current as Settings | undefined;
      if (error.data?.code === 'CONFLICT' && current) {
        setBase(current);
        form.reset(fieldsOf(current));
        setConflict(error.message);
        return;
      }
      toast.error(error.message);
    },
  });

  const submit = form.handleSubmit((values) => {
    setConflict(null);
    save.mutate({ ...values, version: base.version });
  });

  const text = (name: keyof ShopForm, label: string, options: { hint?: string; inputMode?: 'email' | 'text' | 'decimal' } = {}) => (
    <FormField id={id(name)} label={label} hint={options.hint} error={errors[name]?.message}>
      {(field) => (
        <input {...field} {...register(name)} className="input w-full" type="text" inputMode={options.inputMode ?? 'text'} />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="card max-w-2xl border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        {conflict ? (
          <div role="alert" className="alert alert-warning alert-soft">
            <span>{conflict}</span>
          </div>
        ) : null}
        <h2 className="card-title text-lg">Identity</h2>
        {text('legalName', 'Legal name')}
        {text('addressLine1', 'Address')}
        {text('addressLine2', 'Address, second line (optional)')}
        <div className="grid gap-4 sm:grid-cols-3">
          {text('postalCode', 'Postal code')}
          {text('city', 'City')}
          {text('country', 'Country', { hint: 'Two-letter code, such as DE' })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('vatId', 'VAT ID (optional)', { hint: 'Such as DE123456789' })}
          {text('email', 'Email', { inputMode: 'email' })}
        </div>

        <h2 className="card-title mt-2 text-lg">Prices</h2>
        <p className="text-sm">
          Currency: <strong>{base.currency.toUpperCase()}</strong>
          <span className="block text-xs text-base-content/70">{messages.currencyFixed}</span>
        </p>
        <label className="flex cursor-pointer items-start gap-3">
          <input {...register('pricesIncludeTax')} type="checkbox" className="toggle toggle-primary mt-0.5" />
          <span>
            Prices include tax
            <span className="block text-xs text-base-content/70">
              On for prices as consumers see them; off for net (business) prices.
            </span>
          </span>
        </label>
        <label className="flex cursor-pointer items-start gap-3">
          <input {...register('ossEnabled')} type="checkbox" className="toggle toggle-primary mt-0.5" />
          <span>
            One-Stop Shop (OSS)
            <span className="block text-xs text-base-content/70">Consumers in other EU countries pay their own country’s rate.</span>
          </span>
        </label>
        {text('eurRate', 'Euro rate (optional)', {
          hint: `Euros per ${base.currency.toUpperCase()}, such as 0.9213 (the ECB's reference rate). Only used while the currency is not EUR and the shop's country is in the EU: invoices then also state their VAT in euros (Article 230 of the VAT Directive). Leave empty for none.`,
          inputMode: 'decimal',
        })}
        <FormField
          id={id('reservationMinutes')}
          label="Hold stock for (minutes)"
          hint={`How long a checkout keeps its stock and discount for payment: ${RESERVATION_MINUTES_MIN} to ${RESERVATION_MINUTES_MAX}.`}
          error={errors.reservationMinutes?.message}
        >
          {(field) => (
            <input
              {...field}
              {...register('reservationMinutes', { valueAsNumber: true })}
              className="input w-full sm:w-40"
              type="number"
              inputMode="numeric"
              min={RESERVATION_MINUTES_MIN}
              max={RESERVATION_MINUTES_MAX}
              step={1}
            />
          )}
        </FormField>
        <div className="card-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            Save settings
          </button>
        </div>
      </div>
    </form>
  );
}
