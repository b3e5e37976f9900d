// Add A Review: a rating from 1 to 5 and a few words, posted under the customer's name (SPEC.md §2, §5),
// about the shop or, when chosen, about one part (a part's page links here with it chosen).
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { PAGE_SIZE_MAX, RATING_MAX, RATING_MIN } from '../../../shared/constants';
import { createReviewSchema, type CreateReviewFormInput, type CreateReviewInput } from '../../../shared/reviews';
import { PageTitle } from '../../components/PageTitle';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { FormField } from '../../components/FormField';

/** The parts a review can be about: the catalogue's first page, and the part the link chose. */
function usePartChoices(chosenId: string | undefined) {
  const catalogue = trpc.tools.list.useQuery({ limit: PAGE_SIZE_MAX });
  const listed = catalogue.data?.items ?? [];
  const chosenListed = listed.some((part) => part._id === chosenId);
  const chosen = trpc.tools.byId.useQuery(
    { id: chosenId ?? '' },
    { enabled: Boolean(chosenId) && catalogue.isSuccess && !chosenListed },
  );
  return chosen.data ? [chosen.data, ...listed] : listed;
}

export default function AddReview() {
  const fieldId = useId();
  const utils = trpc.useUtils();
  const [params] = useSearchParams();
  const chosenPartId = params.get('part') ?? undefined;
  const parts = usePartChoices(chosenPartId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateReviewFormInput, unknown, CreateReviewInput>({
    resolver: zodResolver(createReviewSchema),
    defaultValues: { text: '', toolsId: chosenPartId ?? '' },
  });

  const addReview = trpc.reviews.create.useMutation({
    onSuccess: () => {
      toast.success(messages.reviewSubmitted);
      reset();
      void utils.reviews.list.invalidate();
      void utils.reviews.forPart.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  const submit = handleSubmit(
    (values) => addReview.mutate(values),
    (invalid) => {
      if (invalid.rating) toast.error(messages.ratingOutOfRange);
    },
  );

  return (
    <section>
      <PageTitle title="Add A Review" />
      <DashboardHeading title="Add A Review">Tell other riders how the parts worked for you.</DashboardHeading>
      <form noValidate onSubmit={(event) => void submit(event)} className="card max-w-xl border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <FormField
            id={`${fieldId}-rating`}
            label="Rating"
            hint={`From ${RATING_MIN} to ${RATING_MAX}`}
            error={errors.rating?.message}
          >
            {(field) => (
              <input
                {...field}
                {...register('rating', { valueAsNumber: true })}
                className="input w-full max-w-32"
                type="number"
                inputMode="numeric"
                min={RATING_MIN}
                max={RATING_MAX}
                step={1}
              />
            )}
          </FormField>
          <FormField
            id={`${fieldId}-part`}
            label="Part (optional)"
            hint="Leave it empty to review the shop as a whole"
            error={errors.toolsId?.message}
          >
            {(field) => (
              <select
                {...field}
                {...register('toolsId')}
                // Mounted again once the parts arrive, so it shows the part the form already holds.
                key={parts.length}
                className="select w-full"
              >
                <option value="">The shop as a whole</option>
                {parts.map((part) => (
                  <option key={part._id} value={part._id}>
                    {part.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id={`${fieldId}-text`} label="Review" error={errors.text?.message}>
            {(field) => <textarea {...field} {...register('text')} className="textarea h-32 w-full" />}
          </FormField>
          <div className="card-actions">
            <button type="submit" className="btn btn-primary" disabled={addReview.isPending}>
              Submit review
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}
