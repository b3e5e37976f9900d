// A part's pictures on its page: the main image, and below it a thumbnail of each picture (a button
// named by the picture's alt text) that shows it as the main image. The server's HTML holds the
// first picture and every thumbnail; each has its size, so nothing moves as they load.
import { useState } from 'react';
import { PartImage } from '../../components/PartImage';
import type { RouterOutputs } from '../../lib/trpc';

type GalleryImage = RouterOutputs['tools']['byId']['images'][number];

export function PartGallery({ images }: { images: readonly GalleryImage[] }) {
  const [shownIndex, setShownIndex] = useState(0);
  const shown = images[shownIndex] ?? images[0];
  if (!shown) return null;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <figure className="aspect-square overflow-hidden rounded-box border border-base-300 bg-base-200">
        <PartImage key={shown.path} src={shown.path} name={shown.alt} priority className="h-full w-full object-contain p-8 sm:p-12" />
      </figure>
      {images.length > 1 ? (
        <ul aria-label="Pictures of the part" className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <li key={image.path}>
              <button
                type="button"
                aria-pressed={index === shownIndex}
                onClick={() => setShownIndex(index)}
                className={`block size-16 overflow-hidden rounded-box border-2 bg-base-200 p-1 sm:size-20 ${
                  index === shownIndex ? 'border-primary' : 'border-base-300 hover:border-base-content/40'
                }`}
              >
                <img
                  src={image.path}
                  alt={image.alt}
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
