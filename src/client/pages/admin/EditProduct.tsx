// Edit product (admin): change a part's fields and restock it, from Manage product. When another
// admin saved the part first, the save is refused and the form shows the saved values instead.
// The gallery (pictures and their alt text) and the specifications are saved with the part.
// Below it, the part’s variants and its price breaks, each saved on their own.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { createToolSchema, partImagesSchema, type CreateToolInput, type PartImage } from '../../../shared/tools';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { galleryErrorsOf, NO_GALLERY_ERRORS, PartGalleryFields, galleryToSave, type GalleryErrors } from './PartGalleryFields';
import { PriceBreaksSection } from './PriceBreaksSection';
import { ProductFields } from './ProductFields';
import { VariantsSection } from './VariantsSection';

type Part = RouterOutputs['tools']['adminById'];

const AVAILABLE_HINT =
  'Units on the shelf that no order holds yet. Orders already booked keep their units: if some are booked while you edit, the stock changes by what you add or remove.';

export default function EditProduct() {
  const { id = '' } = useParams();
  const part = trpc.tools.adminById.useQuery({ id }, { refetchOnWindowFocus: false });

  return (
    <section>
      <PageTitle title="Edit product" />
      <DashboardHeading title="Edit product">Changes show in the shop as soon as they are saved.</DashboardHeading>
      {part.isPending ? (
        <Spinner label="Loading the part…" />
      ) : part.isError ? (
        <LoadFailure message={part.error.message} onRetry={() => void part.refetch()} />
      ) : (
        <>
          <EditForm part={part.data} />
          <VariantsSection partId={part.data._id} />
          <PriceBreaksSection
            part={{ id: part.data._id, price: part.data.price, minimumOrderQuantity: part.data.minimumOrderQuantity }}
          />
        </>
      )}
    </section>
  );
}

function fieldsOf(part: Part): CreateToolInput {
  return {
    name: part.name,
    price: part.price,
    img: part.img,
    description: part.description,
    minimumOrderQuantity: part.minimumOrderQuantity,
    available: part.available,
    categoryId: part.categoryId,
    compatibility: part.compatibility,
    specifications: part.specifications,
  };
}

function EditForm({ part }: { part: Part }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  /** The part as last read from the server: the version and stock the edit starts from. */
  const [base, setBase] = useState(part);
  const [conflict, setConflict] = useState<string | null>(null);
  const [gallery, setGallery] = useState<PartImage[]>(part.images);
  const [galleryErrors, setGalleryErrors] = useState<GalleryErrors>(NO_GALLERY_ERRORS);
  const form = useForm<CreateToolInput>({ resolver: zodResolver(createToolSchema), defaultValues: fieldsOf(part) });

  const save = trpc.tools.update.useMutation({
    onSuccess: () => {
      toast.success(messages.partSaved);
      void utils.tools.invalidate();
      void navigate('/dashboard/manageproducts');
    },
    onError: (error) => {
      const current = error.data?.current as Part | undefined;
      if (error.data?.code === 'CONFLICT' && current) {
        setBase(current);
        form.reset(fieldsOf(current));
        setGallery(current.images);
        setConflict(error.message);
        return;
      }
      toast.error(error.message);
    },
  });

  const submit = form.handleSubmit((values) => {
    setConflict(null);
    const images = partImagesSchema.safeParse(galleryToSave(gallery, values.img));
    setGalleryErrors(images.success ? NO_GALLERY_ERRORS : galleryErrorsOf(images.error.issues));
    if (!images.success) return;
    save.mutate({ ...values, images: images.data, id: base._id, version: base.version, availableWas: base.available });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="card max-w-2xl border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        {base.hidden ? <p className="badge badge-warning badge-outline">Hidden from the shop</p> : null}
        {conflict ? (
          <div role="alert" className="alert alert-warning alert-soft">
            <span>{conflict}</span>
          </div>
        ) : null}
        <ProductFields form={form} availableHint={AVAILABLE_HINT} />
        <PartGalleryFields form={form} images={gallery} onChange={setGallery} errors={galleryErrors} />
        <div className="card-actions flex-wrap">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            Save changes
          </button>
          <Link to="/dashboard/manageproducts" className="btn btn-ghost">
            Back to Manage product
          </Link>
        </div>
      </div>
    </form>
  );
}
