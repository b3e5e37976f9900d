// A rating shown as five stars, with the number read out to screen readers (unless the stars only
// decorate a sentence that says it already).
import { Star } from 'lucide-react';
import { RATING_MAX } from '../../shared/constants';

export function StarRating({ rating, decorative = false }: { rating: number; decorative?: boolean }) {
  const label = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': `Rated ${rating} out of ${RATING_MAX}` };
  return (
    <span {...label} className="inline-flex gap-0.5">
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={`h-4 w-4 ${index < rating ? 'fill-amber-500 text-amber-600' : 'fill-none text-base-300'}`}
        />
      ))}
    </span>
  );
}
