// Any path without a route (including /contact): the not-found message and a way home.
import { Link } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { PageTitle } from '../../components/PageTitle';

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <PageTitle title="Not found" />
      <p className="text-6xl font-extrabold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">{messages.notFoundPage}</h1>
      <Link to="/home" className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
