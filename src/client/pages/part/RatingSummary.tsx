// A part's average rating and how many reviews it rests on, linking down to them.
import { StarRating } from '../../components/StarRating';

export function RatingSummary({ total, averageRating }: { total: number; averageRating: number | null }) {
  if (averageRating === null) {
    return (
      <a href="#part-reviews" className="link link-hover text-sm text-base-content/80">
        No reviews yet
      </a>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm">
      <StarRating rating={Math.round(averageRating)} />
      <span className="font-semibold">{averageRating.toFixed(1)}</span>
      <a href="#part-reviews" className="link link-hover text-base-content/80">
        {total === 1 ? '1 review' : `${total.toLocaleString('en-US')} reviews`}
      </a>
    </p>
  );
}
