// One shipping zone on the Shipping page: its name, its countries (typed as codes, the whole list
// saved at once) and its rates, each edited or removed in place, and a form to add one.
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import { setZoneCountriesSchema } from '../../../shared/shop-settings';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { ShippingRateForm } from './ShippingRateForm';

type Zone = RouterOutputs['settings']['shippingZones'][number];
type Rate = Zone['rates'][number];

/** The codes typed in the countries box: separated by commas or spaces, in any case. */
function typedCountries(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((code) => code.toUpperCase());
}

export function ShippingZoneCard({ zone }: { zone: Zone }) {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const fieldId = useId();
  const [name, setName] = useState(zone.name);
  const [countries, setCountries] = useState(zone.countries.join(', '));
  const [countriesError, setCountriesError] = useState<string | undefined>();
  const refresh = () => void utils.settings.shippingZones.invalidate();

  const rename = trpc.settings.renameShippingZone.useMutation({
    onSuccess: () => {
      toast.success(messages.zoneSaved);
      refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  const saveCountries = trpc.settings.setZoneCountries.useMutation({
    onSuccess: (saved) => {
      toast.success(messages.zoneSaved);
      setCountries(saved.countries.join(', '));
      refresh();
    },
    onError: (error) => setCountriesError(error.message),
  });
  const deleteZone = trpc.settings.deleteShippingZone.useMutation({
    onSuccess: () => {
      toast.success(messages.zoneDeleted);
      refresh();
    },
    onError: (error) => toast.error(error.message),
  });

  function submitCountries() {
    const parsed = setZoneCountriesSchema.safeParse({ id: zone.id, countries: typedCountries(countries) });
    if (!parsed.success) {
      setCountriesError(parsed.error.issues[0]?.message);
      return;
    }
    setCountriesError(undefined);
    saveCountries.mutate(parsed.data);
  }

  async function remove() {
    const question = {
      message: messages.confirmDeleteZone(zone.name),
      actionLabel: messages.deleteZone,
      keepLabel: messages.keepZone,
    };
    if (await confirm(question)) deleteZone.mutate({ id: zone.id });
  }

  return (
    <article aria-label={`Zone ${zone.name}`} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grow">
            <FormField id={`${fieldId}-name`} label="Zone name">
              {(field) => (
                <input
                  {...field}
                  className="input w-full"
                  type="text"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              )}
            </FormField>
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={rename.isPending || name.trim() === zone.name}
              onClick={() => rename.mutate({ id: zone.id, name })}
            >
              Rename
            </button>
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm gap-1"
              aria-label={`Delete zone ${zone.name}`}
              disabled={deleteZone.isPending}
              onClick={() => void remove()}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </button>
          </div>
        </div>

        <div className="flex flex-col gap-2">
          <FormField
            id={`${fieldId}-countries`}
            label="Countries"
            hint="Two-letter codes separated by commas, such as NL, BE, LU"
            error={countriesError}
          >
            {(field) => (
              <textarea
                {...field}
                className="textarea w-full"
                rows={2}
                value={countries}
                onChange={(event) => setCountries(event.target.value)}
              />
            )}
          </FormField>
          <button
            type="button"
            className="btn btn-outline btn-sm self-start"
            disabled={saveCountries.isPending}
            onClick={submitCountries}
          >
            Save countries
          </button>
        </div>

        <h3 className="font-semibold">Rates</h3>
        {zone.rates.length === 0 ? (
          <p className="text-sm text-base-content/70">No rates yet: this zone cannot be shipped to.</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {zone.rates.map((rate) => (
            <li key={rate.id}>
              <RateRow rate={rate} onChanged={refresh} />
            </li>
          ))}
        </ul>
        <details className="rounded-box border border-base-300 p-3">
          <summary className="cursor-pointer font-medium">Add a rate</summary>
          <div className="mt-3">
            <AddRate zoneId={zone.id} onAdded={refresh} />
          </div>
        </details>
      </div>
    </article>
  );
}

function describeRate(rate: Rate): string {
  const free = rate.freeAbove === null ? '' : `, free from ${formatDollars(rate.freeAbove)}`;
  return `${formatDollars(rate.price)}${free}`;
}

function RateRow({ rate, onChanged }: { rate: Rate; onChanged: () => void }) {
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const edit = trpc.settings.editShippingRate.useMutation({
    onSuccess: () => {
      toast.success(messages.shippingRateSaved);
      setEditing(false);
      onChanged();
    },
    onError: (error) => toast.error(error.message),
  });
  const remove = trpc.settings.removeShippingRate.useMutation({
    onSuccess: () => {
      toast.success(messages.shippingRateRemoved);
      onChanged();
    },
    onError: (error) => toast.error(error.message),
  });

  async function confirmRemove() {
    const question = {
      message: messages.confirmRemoveShippingRate(rate.name),
      actionLabel: messages.removeShippingRate,
      keepLabel: messages.keepShippingRate,
    };
    if (await confirm(question)) remove.mutate({ id: rate.id });
  }

  if (editing) {
    return (
      <ShippingRateForm
        initial={rate}
        submitLabel="Save rate"
        pending={edit.isPending}
        onSubmit={(fields) => edit.mutate({ id: rate.id, ...fields })}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-box bg-base-200 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium">{rate.name}</p>
        <p className="text-sm text-base-content/70">{describeRate(rate)}</p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-label={`Edit rate ${rate.name}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm"
          aria-label={`Remove rate ${rate.name}`}
          disabled={remove.isPending}
          onClick={() => void confirmRemove()}
        >
          Remove
        </button>
      </div>
    </div>
  );
}

function AddRate({ zoneId, onAdded }: { zoneId: string; onAdded: () => void }) {
  const [formKey, setFormKey] = useState(0);
  const add = trpc.settings.addShippingRate.useMutation({
    onSuccess: () => {
      toast.success(messages.shippingRateSaved);
      // A fresh form for the next rate.
      setFormKey((key) => key + 1);
      onAdded();
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <ShippingRateForm
      key={formKey}
      submitLabel="Add rate"
      pending={add.isPending}
      onSubmit={(fields) => add.mutate({ zoneId, ...fields })}
    />
  );
}
