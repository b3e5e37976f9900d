// A part's rating on its card: stars and the number of reviews, read out as one sentence
// ("Rated 4.5 out of 5 from 12 reviews"); nothing at all for a part without reviews.
import { RATING_MAX } from '../../shared/constants';
import { StarRating } from './StarRating';

function ratingSentence(averageRating: number, reviewCount: number): string {
  return `Rated ${averageRating} out of ${RATING_MAX} from ${reviewCount.toLocaleString('en-US')} ${reviewCount === 1 ? 'review' : 'reviews'}`;
}

export function RatingBadge({ reviewCount, averageRating }: { reviewCount: number; averageRating: number | null }) {
  if (averageRating === null || reviewCount === 0) return null;
  return (
    <p role="img" aria-label={ratingSentence(averageRating, reviewCount)} className="flex items-center gap-1.5 text-sm">
      <StarRating rating={Math.round(averageRating)} decorative />
      <span aria-hidden="true" className="text-base-content/80">
        {averageRating.toFixed(1)} ({reviewCount.toLocaleString('en-US')})
      </span>
    </p>
  );
}
