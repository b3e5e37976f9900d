// The part editor's gallery: the part's pictures in order, each with its alt text, saved with the
// part. The first is the cover, the image URL above (what the catalogue shows): moving another
// picture to the top makes it the cover, and a new image URL replaces the first picture. Another
// picture is uploaded as the cover is (POST /images, the same checks).
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { MAX_PART_IMAGES, type CreateToolInput, type PartImage } from '../../../shared/tools';
import { FormField } from '../../components/FormField';
import { PartImage as PartPicture } from '../../components/PartImage';
import { ImageUploadField } from './ImageUploadField';

interface PartGalleryFieldsProps {
  form: UseFormReturn<CreateToolInput>;
  /** The gallery, cover first; the first picture's path is the form's image URL. */
  images: readonly PartImage[];
  onChange: (images: PartImage[]) => void;
  /** What the last save found wrong: a message by picture, and one for the whole gallery. */
  errors: GalleryErrors;
}

export interface GalleryErrors {
  byImage: ReadonlyMap<number, string>;
  gallery?: string | undefined;
}

export const NO_GALLERY_ERRORS: GalleryErrors = { byImage: new Map() };

/** The schema's complaints about a gallery, by picture where they name one. */
export function galleryErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): GalleryErrors {
  const byImage = new Map<number, string>();
  let gallery: string | undefined;
  for (const issue of issues) {
    const [index] = issue.path;
    if (typeof index === 'number') {
      if (!byImage.has(index)) byImage.set(index, issue.message);
    } else gallery ??= issue.message;
  }
  return { byImage, gallery };
}

/** The gallery to save: the first picture is whatever the image URL says now. */
export function galleryToSave(images: readonly PartImage[], img: string): PartImage[] {
  const [cover, ...more] = images;
  return [{ path: img, alt: cover?.alt ?? '' }, ...more];
}

export function PartGalleryFields({ form, images, onChange, errors }: PartGalleryFieldsProps) {
  const fieldId = useId();
  const img = form.watch('img');
  const shown = galleryToSave(images, img);
  /** The control the keyboard goes to once the gallery has been drawn again. */
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  function change(next: PartImage[]) {
    const cover = next[0];
    if (cover && cover.path !== img) form.setValue('img', cover.path, { shouldValidate: true, shouldDirty: true });
    onChange(next);
  }
  function move(from: number, to: number) {
    const next = [...shown];
    const [picture] = next.splice(from, 1);
    if (picture) next.splice(to, 0, picture);
    change(next);
    // The keyboard stays with the picture: on the same button, or the other one at the end of the list.
    const towards = to < from ? 'up' : 'down';
    const atEnd = towards === 'up' ? to === 0 : to === next.length - 1;
    focusNext.current = `${fieldId}-${to}-${atEnd ? (towards === 'up' ? 'down' : 'up') : towards}`;
  }

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium">Gallery</legend>
      <p className="text-xs text-base-content/70">
        The part’s pictures in the order its page shows them; the first is the cover. Describe each for people who cannot see it.
      </p>
      <ol className="flex flex-col gap-3">
        {shown.map((picture, index) => {
          const number = index + 1;
          return (
            <li
              key={`${picture.path}#${shown.slice(0, index).filter((other) => other.path === picture.path).length}`}
              className="grid grid-cols-[auto_1fr] gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-[auto_1fr_auto] sm:items-end"
            >
              <PartPicture src={picture.path} name="" decorative className="size-16 rounded-box bg-base-200 object-contain p-1" />
              <FormField
                id={`${fieldId}-${index}-alt`}
                label={index === 0 ? `Alt text of image 1 (the cover)` : `Alt text of image ${number}`}
                error={errors.byImage.get(index)}
              >
                {(field) => (
                  <input
                    {...field}
                    className="input w-full"
                    type="text"
                    value={picture.alt}
                    onChange={(event) =>
                      change(shown.map((other, at) => (at === index ? { ...other, alt: event.target.value } : other)))
                    }
                  />
                )}
              </FormField>
              <div className="col-span-2 flex gap-1 sm:col-span-1">
                <button
                  type="button"
                  className="btn btn-ghost btn-square btn-sm"
                  id={`${fieldId}-${index}-up`}
                  aria-label={`Move image ${number} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-square btn-sm"
                  id={`${fieldId}-${index}-down`}
                  aria-label={`Move image ${number} down`}
                  disabled={index === shown.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-square btn-sm text-error"
                  aria-label={`Remove image ${number}`}
                  disabled={shown.length === 1}
                  onClick={() => change(shown.filter((_, at) => at !== index))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {errors.gallery ? (
        <p role="alert" className="text-sm text-error">
          {errors.gallery}
        </p>
      ) : null}
      <ImageUploadField
        id={`${fieldId}-add`}
        label="Add an image"
        hint={`PNG, JPEG or WebP, at most 2 MiB; up to ${MAX_PART_IMAGES} pictures.`}
        disabled={shown.length >= MAX_PART_IMAGES}
        onUploaded={(path) => {
          // The new picture's alt text is what the admin writes next.
          focusNext.current = `${fieldId}-${shown.length}-alt`;
          change([...shown, { path, alt: '' }]);
        }}
      />
    </fieldset>
  );
}
