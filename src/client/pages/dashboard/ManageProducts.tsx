// Manage product (admin): every part on sale, each with Delete behind the confirm dialog (SPEC.md §2, §5).
import { Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { DashboardHeading } from './DashboardHeading';
import { EmptyState } from './EmptyState';
import { ShowMoreButton } from './ShowMoreButton';
import { StackedCell, StackedRow, StackedTable } from './StackedTable';
import { TablePanel } from './TablePanel';

type Tool = RouterOutputs['tools']['list']['items'][number];

const PRODUCTS_PAGE_SIZE = 50;

export default function ManageProducts() {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const products = trpc.tools.list.useInfiniteQuery(
    { limit: PRODUCTS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const remove = trpc.tools.remove.useMutation({
    onSuccess: () => {
      toast.success(messages.deleted);
      void utils.tools.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  async function deleteProduct(tool: Tool) {
    if (await confirm({ message: messages.confirmDelete, actionLabel: messages.deleteProduct, keepLabel: messages.keepProduct }))
      remove.mutate({ id: tool._id });
  }

  const list = products.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section>
      <PageTitle title="Manage product" />
      <DashboardHeading title="Manage product">The parts on sale. A deleted part leaves the shop at once.</DashboardHeading>
      {products.isPending ? (
        <Spinner label="Loading the parts…" />
      ) : products.isError ? (
        <LoadFailure message={products.error.message} onRetry={() => void products.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No parts are on sale." />
      ) : (
        <TablePanel>
          <StackedTable caption="Parts on sale" headers={['Part', 'Price', 'Minimum order', 'Available', 'Delete']}>
            {list.map((tool) => (
              <StackedRow key={tool._id}>
                <StackedCell label="Part">
                  <span className="flex items-center gap-3">
                    <img
                      src={tool.img}
                      alt=""
                      width={40}
                      height={40}
                      loading="lazy"
                      className="size-10 shrink-0 rounded bg-base-200 object-contain p-1"
                    />
                    <span className="font-medium">{tool.name}</span>
                  </span>
                </StackedCell>
                <StackedCell label="Price">{formatDollars(tool.price)}</StackedCell>
                <StackedCell label="Minimum order">{tool.minimumOrderQuantity}</StackedCell>
                <StackedCell label="Available">{tool.available}</StackedCell>
                <StackedCell label="Delete">
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-sm gap-1"
                    disabled={remove.isPending && remove.variables.id === tool._id}
                    aria-label={`Delete ${tool.name}`}
                    onClick={() => void deleteProduct(tool)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete
                  </button>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
          <ShowMoreButton
            label="Show more parts"
            hasMore={products.hasNextPage}
            loading={products.isFetchingNextPage}
            onClick={() => void products.fetchNextPage()}
          />
        </TablePanel>
      )}
    </section>
  );
}
