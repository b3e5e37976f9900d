// The catalogue's "fits my bike" filter: one of the customer's saved bikes, or a bike anyone types
// in without saving it. Either way the filter is the bike's standards, kept in the address
// (?fits=speeds.12_freehub.sram-xdr), so the shared catalogue read stays a function of its input.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { bikeSpecToParam, describeBikeSpec, type BikeSpec } from '../../shared/bike-standards';
import { useAuth } from '../auth/useAuth';
import { trpc } from '../lib/trpc';
import { BikeStandardsFields } from './BikeStandardsFields';

interface FitsFilterProps {
  fits: BikeSpec | undefined;
  onFits: (next: BikeSpec | undefined) => void;
}

export function FitsFilter({ fits, onFits }: FitsFilterProps) {
  const { user } = useAuth();
  const bikes = trpc.bikes.list.useQuery(undefined, { enabled: user !== null });
  const [typed, setTyped] = useState<BikeSpec>(fits ?? {});
  const chosen = fits ? bikes.data?.find((bike) => bikeSpecToParam(bike.standards) === bikeSpecToParam(fits)) : undefined;

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Fits my bike</legend>
      {fits ? (
        <div className="flex flex-col gap-2 rounded-box bg-base-200 p-2 text-sm">
          <p>
            Showing parts that fit {chosen ? <strong>your {chosen.name}</strong> : 'this bike'}:{' '}
            <span className="text-base-content/80">{describeBikeSpec(fits) || 'nothing recorded'}</span>
          </p>
          <button type="button" className="btn btn-xs btn-outline self-start" onClick={() => onFits(undefined)}>
            Remove bike filter
          </button>
        </div>
      ) : null}
      {bikes.data && bikes.data.length > 0 ? (
        <label className="flex flex-col gap-1 text-xs">
          Your bikes
          <select
            className="select select-sm w-full"
            value={chosen?.id ?? ''}
            onChange={(event) => onFits(bikes.data.find((bike) => bike.id === event.target.value)?.standards)}
          >
            <option value="">Any bike</option>
            {bikes.data.map((bike) => (
              <option key={bike.id} value={bike.id}>
                {bike.name}
              </option>
            ))}
          </select>
        </label>
      ) : user ? (
        <p className="text-xs text-base-content/70">
          <Link to="/dashboard/profile#my-bikes" className="link">
            Save your bikes
          </Link>{' '}
          to filter by them in one click.
        </p>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer">Enter a bike</summary>
        <div className="mt-2 flex flex-col gap-2">
          <BikeStandardsFields value={typed} onChange={setTyped} />
          <button type="button" className="btn btn-sm btn-outline" onClick={() => onFits(typed)}>
            Show parts that fit
          </button>
        </div>
      </details>
    </fieldset>
  );
}
