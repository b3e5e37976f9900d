// The part page for an address naming no part in the catalogue: say so, and lead back to the parts.
import { Link } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { PageTitle } from '../../components/PageTitle';

export function PartGone() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <PageTitle title="Part not found" />
      <h1 className="text-3xl font-bold">Part not found</h1>
      <p className="text-base-content/80">{messages.partGone}</p>
      <Link to="/home#parts" className="btn btn-primary">
        See all parts
      </Link>
    </section>
  );
}
