// My bikes, in the profile: the customer's saved bikes with what each records, to add, edit or
// remove; the catalogue's "Fits my bike" filter and the part pages offer them.
import { useState } from 'react';
import { toast } from 'react-toastify';
import { describeBikeSpec } from '../../../shared/bike-standards';
import { BIKES_MAX } from '../../../shared/bikes';
import { messages } from '../../../shared/messages';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { trpc } from '../../lib/trpc';
import { BikeForm } from './BikeForm';

/** Which form is open: none (null), the new bike's ('new'), or the edit of the bike with this id. */
type Editing = string | null;

export function MyBikes() {
  const bikes = trpc.bikes.list.useQuery();
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>(null);
  const remove = trpc.bikes.remove.useMutation({
    onSuccess: async () => {
      toast.success(messages.bikeRemoved);
      await utils.bikes.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  async function removeBike(bike: { id: string; name: string }) {
    const sure = await confirm({ message: messages.confirmRemoveBike(bike.name), actionLabel: 'Remove bike', keepLabel: 'Keep bike' });
    if (sure) remove.mutate({ id: bike.id });
  }

  return (
    <section id="my-bikes" aria-labelledby="my-bikes-heading" className="card max-w-3xl border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="my-bikes-heading" className="text-lg font-semibold">
          My bikes
        </h2>
        <p className="text-sm text-base-content/75">Save your bikes to filter the catalogue to the parts that fit them.</p>
        {bikes.isError ? <LoadFailure message={bikes.error.message} onRetry={() => void bikes.refetch()} /> : null}
        {bikes.data && bikes.data.length > 0 ? (
          <ul className="flex flex-col gap-3">
            {bikes.data.map((bike) =>
              editing === bike.id ? (
                <li key={bike.id}>
                  <BikeForm bike={bike} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li key={bike.id} className="flex flex-col gap-2 rounded-box bg-base-200 p-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words">{bike.name}</p>
                    <p className="text-sm text-base-content/75">{describeBikeSpec(bike.standards) || 'No standards recorded'}</p>
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      aria-label={`Edit ${bike.name}`}
                      onClick={() => setEditing(bike.id)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost text-error"
                      aria-label={`Remove ${bike.name}`}
                      onClick={() => void removeBike(bike)}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ),
            )}
          </ul>
        ) : bikes.data ? (
          <p className="text-base-content/75">No bikes saved yet.</p>
        ) : null}
        {editing === 'new' ? (
          <BikeForm onDone={() => setEditing(null)} />
        ) : (bikes.data?.length ?? 0) < BIKES_MAX ? (
          <button type="button" className="btn btn-sm btn-primary self-start" onClick={() => setEditing('new')}>
            Add a bike
          </button>
        ) : null}
      </div>
    </section>
  );
}
