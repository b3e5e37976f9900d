// A part's picture, replaced by the placeholder when the image cannot load.
import type { SyntheticEvent } from 'react';
import { DEFAULT_PART_IMAGE as PLACEHOLDER_IMAGE } from '../../shared/constants';

function showPlaceholder(event: SyntheticEvent<HTMLImageElement>): void {
  const image = event.currentTarget;
  if (!image.src.endsWith(PLACEHOLDER_IMAGE)) image.src = PLACEHOLDER_IMAGE;
}

/**
 * `priority` is for the picture a page is about: loaded first instead of when scrolled near.
 * `decorative` is for a picture beside the part's name (a table row): screen readers skip it.
 */
export function PartImage({
  src,
  name,
  className,
  priority = false,
  decorative = false,
}: {
  src: string;
  name: string;
  className: string;
  priority?: boolean;
  decorative?: boolean;
}) {
  return (
    <img
      src={src}
      alt={decorative ? '' : name}
      width={800}
      height={800}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={showPlaceholder}
      className={className}
    />
  );
}
