// A part's page: which bicycle standards it depends on ("Speeds: 11, 12"), drawn on the server with
// the page, and the "Fits your bike?" box: one of the customer's saved bikes, or the bike the
// catalogue was filtered to (?fits=), checked against the part with the shop's one rule (fitOf).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  bikeSpecFromParam,
  bikeSpecToParam,
  compatibilityLines,
  describeProblem,
  fitOf,
  type BikeSpec,
  type Compatibility,
} from '../../../shared/bike-standards';
import { messages } from '../../../shared/messages';
import { useAuth } from '../../auth/useAuth';
import { trpc } from '../../lib/trpc';

/** The bike the address names is offered as this one, beside the customer's own. */
const FROM_ADDRESS = 'address';

export function PartFits({ partId }: { partId: string }) {
  const compatibility = trpc.tools.compatibility.useQuery({ id: partId });
  if (!compatibility.data) return null;
  const lines = compatibilityLines(compatibility.data);
  return (
    <section aria-labelledby="part-fits-heading" className="mt-10 grid gap-6 md:grid-cols-2 md:gap-12">
      <div>
        <h2 id="part-fits-heading" className="text-xl font-bold">
          Compatibility
        </h2>
        {lines.length === 0 ? (
          <p className="mt-2 text-base-content/80">{messages.fitsEveryBike}</p>
        ) : (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {lines.map((line) => (
              <div key={line.standard} className="contents">
                <dt className="font-medium">{line.label}</dt>
                <dd className="text-base-content/85">{line.values}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <FitsYourBike compatibility={compatibility.data} />
    </section>
  );
}

interface Choice {
  id: string;
  name: string;
  standards: BikeSpec;
}

function FitsYourBike({ compatibility }: { compatibility: Compatibility }) {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const bikes = trpc.bikes.list.useQuery(undefined, { enabled: user !== null });
  const fromAddress = bikeSpecFromParam(params.get('fits'));
  const saved = bikes.data ?? [];
  // The catalogue filtered by a saved bike names that bike; a typed-in bike is just "your bike".
  const savedFromAddress = fromAddress && saved.find((bike) => bikeSpecToParam(bike.standards) === bikeSpecToParam(fromAddress));
  const choices: Choice[] =
    fromAddress && !savedFromAddress ? [{ id: FROM_ADDRESS, name: 'bike', standards: fromAddress }, ...saved] : saved;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = choices.find((choice) => choice.id === chosenId) ?? savedFromAddress ?? choices[0];

  return (
    <div aria-labelledby="fits-your-bike-heading" role="region" className="rounded-box border border-base-300 p-4">
      <h2 id="fits-your-bike-heading" className="text-xl font-bold">
        Fits your bike?
      </h2>
      {choices.length > 1 ? (
        <label className="mt-2 flex flex-col gap-1 text-sm">
          Bike
          <select className="select select-sm w-full" value={chosen?.id} onChange={(event) => setChosenId(event.target.value)}>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {chosen ? (
        <Verdict compatibility={compatibility} bike={chosen} />
      ) : (
        <p className="mt-2 text-sm text-base-content/80">
          {user ? (
            <>
              <Link to="/dashboard/profile#my-bikes" className="link">
                Save your bike
              </Link>{' '}
              in your profile to see whether this part fits it.
            </>
          ) : (
            <>
              <Link to="/login" className="link">
                Sign in
              </Link>{' '}
              to check this part against your saved bikes, or filter the catalogue by your bike.
            </>
          )}
        </p>
      )}
    </div>
  );
}

function Verdict({ compatibility, bike }: { compatibility: Compatibility; bike: Choice }) {
  const fit = fitOf(compatibility, bike.standards);
  if (fit.fits) {
    return (
      <p role="status" className="mt-3 font-semibold text-success">
        {fit.everyBike ? messages.fitsEveryBike : messages.fitsYourBike(bike.name)}
      </p>
    );
  }
  const mismatches = fit.problems.some((problem) => problem.kind === 'mismatch');
  return (
    <div role="status" className="mt-3">
      <p className={`font-semibold ${mismatches ? 'text-error' : 'text-warning-content'}`}>
        {mismatches ? messages.doesNotFitYourBike(bike.name) : messages.cannotSayForYourBike(bike.name)}
      </p>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {fit.problems.map((problem) => (
          <li key={problem.standard}>{describeProblem(problem)}</li>
        ))}
      </ul>
    </div>
  );
}
