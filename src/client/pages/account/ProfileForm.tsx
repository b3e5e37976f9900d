// Edit profile: the name and photo the shop shows, and the phone and address the booking modal
// starts from, checked with the server's own rules. The shop's account is the source of truth; the
// Firebase profile is told too, so both say the same (docs/decisions/0020).
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { accountProfileSchema, type AccountProfile, type AccountProfileInput } from '../../../shared/account';
import { messages } from '../../../shared/messages';
import { loadFirebaseAuth } from '../../auth/firebase';
import { FormField } from '../../components/FormField';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type Me = RouterOutputs['users']['me'];

/** Firebase's copy of the name and photo; the shop's is already saved, so a failure here is not the customer's. */
async function tellFirebase({ displayName, photoUrl }: AccountProfile): Promise<void> {
  const { auth, sdk } = await loadFirebaseAuth();
  if (auth.currentUser) await sdk.updateProfile(auth.currentUser, { displayName, photoURL: photoUrl });
}

export function ProfileForm({ me }: { me: Me }) {
  const fieldId = useId();
  const utils = trpc.useUtils();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AccountProfileInput, unknown, AccountProfile>({
    resolver: zodResolver(accountProfileSchema),
    defaultValues: {
      displayName: me.displayName ?? '',
      photoUrl: me.photoURL ?? '',
      phone: me.phone ?? '',
      address: me.address ?? '',
      companyName: me.companyName ?? '',
      vatId: me.vatId ?? '',
    },
  });
  const save = trpc.users.updateProfile.useMutation({
    onSuccess: async (saved) => {
      toast.success(messages.profileSaved);
      await tellFirebase(saved).catch(() => undefined);
      await utils.users.me.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <form
      noValidate
      aria-labelledby={`${fieldId}-title`}
      className="card max-w-xl border border-base-300 bg-base-100 shadow-sm"
      onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)}
    >
      <div className="card-body gap-4">
        <h2 id={`${fieldId}-title`} className="text-lg font-semibold">
          Edit profile
        </h2>
        <FormField id={`${fieldId}-name`} label="Name" error={errors.displayName?.message}>
          {(field) => <input {...field} {...register('displayName')} autoComplete="name" className="input w-full" />}
        </FormField>
        <FormField
          id={`${fieldId}-photo`}
          label="Photo URL"
          hint="Your Google profile photo's address, or leave it empty for none."
          error={errors.photoUrl?.message}
        >
          {(field) => <input {...field} {...register('photoUrl')} type="url" inputMode="url" className="input w-full" />}
        </FormField>
        <FormField id={`${fieldId}-phone`} label="Phone" hint="Filled in for you when you book." error={errors.phone?.message}>
          {(field) => <input {...field} {...register('phone')} type="tel" autoComplete="tel" className="input w-full" />}
        </FormField>
        <FormField id={`${fieldId}-address`} label="Address" hint="Filled in for you when you book." error={errors.address?.message}>
          {(field) => <input {...field} {...register('address')} autoComplete="street-address" className="input w-full" />}
        </FormField>
        <FormField
          id={`${fieldId}-company`}
          label="Company (optional)"
          hint="With a VAT ID, you buy as a business: the checkout and your invoices use them."
          error={errors.companyName?.message}
        >
          {(field) => <input {...field} {...register('companyName')} autoComplete="organization" className="input w-full" />}
        </FormField>
        <FormField
          id={`${fieldId}-vat`}
          label="VAT ID (optional)"
          hint="With its country prefix, for example DE123456789."
          error={errors.vatId?.message}
        >
          {(field) => <input {...field} {...register('vatId')} autoCapitalize="characters" className="input w-full" />}
        </FormField>
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Save profile
          </button>
        </div>
      </div>
    </form>
  );
}
