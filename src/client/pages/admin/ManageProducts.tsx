// Manage product (admin): every part, each with Edit, Hide or Show, and Delete behind the confirm
// dialog (SPEC.md §2, §5). Hidden parts stay here, badged, while the shop leaves them out. The
// parts can also be exported and imported as CSV (PartsCsvPanel).
import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { PartImage } from '../../components/PartImage';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { PartsCsvPanel } from './PartsCsvPanel';
import { ShowMoreButton } from '../dashboard-shell/ShowMoreButton';
import { StackedCell, StackedRow, StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';

type Tool = RouterOutputs['tools']['adminList']['items'][number];

const PRODUCTS_PAGE_SIZE = 50;

export default function ManageProducts() {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const products = trpc.tools.adminList.useInfiniteQuery(
    { limit: PRODUCTS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const remove = trpc.tools.remove.useMutation({
    onSuccess: () => {
      toast.success(messages.deleted);
      void utils.tools.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  const setHidden = trpc.tools.setHidden.useMutation({
    onSuccess: (part) => {
      toast.success(part.hidden ? messages.partHiddenFromShop : messages.partShownInShop);
      void utils.tools.invalidate();
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
      <DashboardHeading title="Manage product">
        The parts on sale. A hidden part leaves the shop until you show it again; a deleted part leaves it for good. Orders already
        made keep their part either way.
      </DashboardHeading>
      <PartsCsvPanel />
      {products.isPending ? (
        <Spinner label="Loading the parts…" />
      ) : products.isError ? (
        <LoadFailure message={products.error.message} onRetry={() => void products.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No parts are on sale." />
      ) : (
        <TablePanel>
          <StackedTable caption="Parts on sale" headers={['Part', 'Price', 'Minimum order', 'Available', 'Edit', 'Shop', 'Delete']}>
            {list.map((tool) => (
              <StackedRow key={tool._id}>
                <StackedCell label="Part">
                  <span className="flex items-center gap-3">
                    <PartImage
                      src={tool.img}
                      name={tool.name}
                      decorative
                      className="size-10 shrink-0 rounded bg-base-200 object-contain p-1"
                    />
                    <span className="font-medium">{tool.name}</span>
                    {tool.hidden ? <span className="badge badge-warning badge-outline badge-sm">Hidden</span> : null}
                  </span>
                </StackedCell>
                <StackedCell label="Price">{formatDollars(tool.price)}</StackedCell>
                <StackedCell label="Minimum order">{tool.minimumOrderQuantity}</StackedCell>
                <StackedCell label="Available">{tool.available}</StackedCell>
                <StackedCell label="Edit">
                  <Link
                    to={`/dashboard/manageproducts/${tool._id}/edit`}
                    className="btn btn-outline btn-sm gap-1"
                    aria-label={`Edit ${tool.name}`}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit
                  </Link>
                </StackedCell>
                <StackedCell label="Shop">
                  <button
                    type="button"
                    className="btn btn-outline btn-sm gap-1"
                    disabled={setHidden.isPending && setHidden.variables.id === tool._id}
                    aria-label={`${tool.hidden ? 'Show' : 'Hide'} ${tool.name}`}
                    onClick={() => setHidden.mutate({ id: tool._id, hidden: !tool.hidden })}
                  >
                    {tool.hidden ? <Eye aria-hidden="true" className="size-4" /> : <EyeOff aria-hidden="true" className="size-4" />}
                    {tool.hidden ? 'Show' : 'Hide'}
                  </button>
                </StackedCell>
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
