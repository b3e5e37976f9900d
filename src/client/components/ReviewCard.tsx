// One customer review: avatar, name, star rating and what they wrote.
import type { SyntheticEvent } from 'react';
import { DEFAULT_AVATAR } from '../../shared/constants';
import { StarRating } from './StarRating';
import type { RouterOutputs } from '../lib/trpc';

export type Review = RouterOutputs['reviews']['list']['items'][number];

function showDefaultAvatar(event: SyntheticEvent<HTMLImageElement>): void {
  const image = event.currentTarget;
  if (!image.src.endsWith(DEFAULT_AVATAR)) image.src = DEFAULT_AVATAR;
}

export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <figcaption className="flex items-center gap-3">
          <img
            src={review.img}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            onError={showDefaultAvatar}
            className="h-12 w-12 rounded-full bg-base-200 object-cover"
          />
          <div>
            <p className="font-semibold">{review.name}</p>
            <StarRating rating={review.rating} />
          </div>
        </figcaption>
        <blockquote className="text-sm leading-relaxed text-base-content/85">{review.text}</blockquote>
      </div>
    </figure>
  );
}
