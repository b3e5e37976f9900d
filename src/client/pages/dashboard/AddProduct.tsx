// Add a product (admin): name, price, image URL, description, minimum order and stock (SPEC.md §2).
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { createToolSchema, type CreateToolInput } from '../../../shared/tools';
import { PageTitle } from '../../components/PageTitle';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from './DashboardHeading';
import { FormField } from '../../components/FormField';

const emptyProduct = { name: '', img: '', description: '' };

export default function AddProduct() {
  const fieldId = useId();
  const utils = trpc.useUtils();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateToolInput>({ resolver: zodResolver(createToolSchema), defaultValues: emptyProduct });

  const addProduct = trpc.tools.create.useMutation({
    onSuccess: () => {
      toast.success(messages.productAdded);
      reset();
      void utils.tools.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  const submit = handleSubmit((values) => addProduct.mutate(values));
  const id = (name: keyof CreateToolInput) => `${fieldId}-${name}`;

  return (
    <section>
      <PageTitle title="Add a product" />
      <DashboardHeading title="Add a product">The new part shows in the shop as soon as it is added.</DashboardHeading>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="card max-w-2xl border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body gap-4">
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
            <FormField id={id('available')} label="Available" error={errors.available?.message}>
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
          <FormField
            id={id('img')}
            label="Image URL"
            hint="An https:// address, or a picture shipped with the shop such as /images/parts/handlebars.svg"
            error={errors.img?.message}
          >
            {(field) => <input {...field} {...register('img')} className="input w-full" type="text" inputMode="url" />}
          </FormField>
          <FormField id={id('description')} label="Description" error={errors.description?.message}>
            {(field) => <textarea {...field} {...register('description')} className="textarea h-32 w-full" />}
          </FormField>
          <div className="card-actions">
            <button type="submit" className="btn btn-primary" disabled={addProduct.isPending}>
              Add product
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}
