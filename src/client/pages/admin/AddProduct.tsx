// Add a product (admin): name, price, image URL, description, minimum order and stock (SPEC.md §2).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { createToolSchema, type CreateToolInput } from '../../../shared/tools';
import { PageTitle } from '../../components/PageTitle';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { ProductFields } from './ProductFields';

const emptyProduct = { name: '', img: '', description: '' };

export default function AddProduct() {
  const utils = trpc.useUtils();
  const form = useForm<CreateToolInput>({ resolver: zodResolver(createToolSchema), defaultValues: emptyProduct });

  const addProduct = trpc.tools.create.useMutation({
    onSuccess: () => {
      toast.success(messages.productAdded);
      form.reset();
      void utils.tools.list.invalidate();
      void utils.tools.adminList.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  const submit = form.handleSubmit((values) => addProduct.mutate(values));

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
          <ProductFields form={form} />
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
