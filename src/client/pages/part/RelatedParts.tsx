// "Related parts" under a part's page: up to four parts near it in the category tree, each with its
// picture, name, price and rating, linking to its own page. Drawn only when there are some; a
// failed read leaves the section out rather than covering the part page with an error.
import { Link } from 'react-router-dom';
import { formatDollars } from '../../../shared/money';
import { PartImage } from '../../components/PartImage';
import { RatingBadge } from '../../components/RatingBadge';
import { partPath } from '../../lib/part-path';
import { trpc } from '../../lib/trpc';

export function RelatedParts({ toolId }: { toolId: string }) {
  const related = trpc.tools.related.useQuery({ id: toolId });
  const parts = related.data ?? [];
  if (parts.length === 0) return null;
  return (
    <section aria-labelledby="related-parts-heading" className="mt-14">
      <h2 id="related-parts-heading" className="mb-6 text-2xl font-bold tracking-tight">
        Related parts
      </h2>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {parts.map((part) => (
          <li key={part._id} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="aspect-square bg-base-200">
              <PartImage src={part.img} name={part.name} decorative className="h-full w-full object-contain p-4" />
            </div>
            <div className="card-body gap-2 p-4">
              <h3 className="font-semibold leading-snug">
                <Link to={partPath(part._id)} className="link-hover">
                  {part.name}
                </Link>
              </h3>
              <p className="font-bold text-primary">{formatDollars(part.price)}</p>
              <RatingBadge reviewCount={part.reviewCount} averageRating={part.averageRating} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
