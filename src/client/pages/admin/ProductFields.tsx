// The fields of a part, shared by Add a product and Edit product: name, price, minimum order,
// stock, category, the bicycle standards it fits, image (typed, or uploaded with a preview),
// description (SPEC.md §2) and the specifications table.
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CreateToolInput } from '../../../shared/tools';
import { FormField } from '../../components/FormField';
import { PartImage } from '../../components/PartImage';
import { trpc } from '../../lib/trpc';
import { flattenTree } from './category-options';
import { ImageUploadField } from './ImageUploadField';
import { CompatibilityFields } from './CompatibilityFields';
import { SpecificationsFields } from './SpecificationsFields';

interface ProductFieldsProps {
  form: UseFormReturn<CreateToolInput>;
  /** What the Available number means on this form. */
  availableHint?: string;
}

export function ProductFields({ form, availableHint }: ProductFieldsProps) {
  const fieldId = useId();
  const {
    register,
    formState: { errors },
  } = form;
  const id = (name: keyof CreateToolInput) => `${fieldId}-${name}`;

  return (
    <>
      <FormField id={id('name')} label="Name" error={errors.name?.message}>
        {(field) => <input {...field} {...register('name')} className="input w-full" type="text" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={id('price')} label="Price (USD)" error={errors.price?.message}>
          {(field) => (
            <input
              {...field}
              {...register('price', { valueAsNumber: true })}
              className="input w-full"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
            />
          )}
        </FormField>
        <FormField id={id('minimumOrderQuantity')} label="Minimum order quantity" error={errors.minimumOrderQuantity?.message}>
          {(field) => (
            <input
              {...field}
              {...register('minimumOrderQuantity', { valueAsNumber: true })}
              className="input w-full"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
            />
          )}
        </FormField>
        <FormField id={id('available')} label="Available" hint={availableHint} error={errors.available?.message}>
          {(field) => (
            <input
              {...field}
              {...register('available', { valueAsNumber: true })}
              className="input w-full"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
            />
          )}
        </FormField>
      </div>
      <CategoryField form={form} id={id('categoryId')} />
      <CompatibilityFields form={form} />
      <ImageField form={form} id={id('img')} />
      <FormField id={id('description')} label="Description" error={errors.description?.message}>
        {(field) => <textarea {...field} {...register('description')} className="textarea h-32 w-full" />}
      </FormField>
      <SpecificationsFields form={form} />
    </>
  );
}

/** The category the part is shown in, among the whole tree labelled by its trail; or none. */
function CategoryField({ form, id }: { form: UseFormReturn<CreateToolInput>; id: string }) {
  const tree = trpc.categories.tree.useQuery({});
  const places = tree.data ? flattenTree(tree.data) : [];
  return (
    <FormField
      id={id}
      label="Category"
      hint="Where riders find the part when they browse by category"
      error={form.formState.errors.categoryId?.message}
    >
      {(field) => (
        <select
          {...field}
          {...form.register('categoryId', { setValueAs: (value: string | null | undefined) => value || null })}
          className="select w-full"
          // The saved category shows once the tree has arrived to list it.
          key={tree.data ? 'loaded' : 'loading'}
        >
          <option value="">No category</option>
          {places.map((place) => (
            <option key={place.id} value={place.id}>
              {place.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The image address, an upload that fills it in, and a preview of what the shop will show. */
function ImageField({ form, id }: { form: UseFormReturn<CreateToolInput>; id: string }) {
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const img = watch('img');

  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="flex flex-col gap-4">
        <FormField
          id={id}
          label="Image URL"
          hint="An https:// address, a picture shipped with the shop such as /images/parts/handlebars.svg, or upload one below"
          error={errors.img?.message}
        >
          {(field) => <input {...field} {...register('img')} className="input w-full" type="text" inputMode="url" />}
        </FormField>
        <ImageUploadField
          id={`${id}-upload`}
          label="Upload an image"
          hint="PNG, JPEG or WebP, at most 2 MiB. It replaces the image URL above."
          onUploaded={(path) => setValue('img', path, { shouldValidate: true, shouldDirty: true })}
        />
      </div>
      <figure className="flex flex-col items-center gap-1">
        {img ? (
          <PartImage
            key={img}
            src={img}
            name=""
            decorative
            className="size-32 rounded-box border border-base-300 bg-base-200 object-contain p-2"
          />
        ) : (
          <div className="flex size-32 items-center justify-center rounded-box border border-dashed border-base-300 text-xs text-base-content/70">
            No image yet
          </div>
        )}
        <figcaption className="text-xs text-base-content/70">Preview</figcaption>
      </figure>
    </div>
  );
}
