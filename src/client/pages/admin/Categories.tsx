// Categories (admin): the catalogue's tree, to add to, rename, move, put in order and prune. A
// category that still holds parts or subcategories cannot be deleted; the server says what it holds.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { CATEGORY_DEPTH_MAX, createCategorySchema, slugFromName } from '../../../shared/categories';
import { messages } from '../../../shared/messages';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { categoryPath } from '../../lib/category-path';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { flattenTree, type CategoryNode, type PlacedCategory } from './category-options';

export default function Categories() {
  const tree = trpc.categories.tree.useQuery({});
  return (
    <section>
      <PageTitle title="Categories" />
      <DashboardHeading title="Categories">
        How riders browse the parts: up to {CATEGORY_DEPTH_MAX} levels, siblings in the order shown. Put a part in a category on its
        Edit product page.
      </DashboardHeading>
      {tree.isPending ? (
        <Spinner label="Loading the categories…" />
      ) : tree.isError ? (
        <LoadFailure message={tree.error.message} onRetry={() => void tree.refetch()} />
      ) : (
        <>
          <NewCategoryForm places={flattenTree(tree.data)} />
          {tree.data.length === 0 ? (
            <EmptyState title="No categories yet." />
          ) : (
            <CategoryList nodes={tree.data} parentId={null} places={flattenTree(tree.data)} />
          )}
        </>
      )}
    </section>
  );
}

type NewCategory = z.input<typeof createCategorySchema>;

function NewCategoryForm({ places }: { places: PlacedCategory[] }) {
  const utils = trpc.useUtils();
  const fieldId = useId();
  const form = useForm<NewCategory, unknown, z.output<typeof createCategorySchema>>({
    resolver: zodResolver(createCategorySchema),
    defaultValues: { name: '', parentId: null },
  });
  const create = trpc.categories.create.useMutation({
    onSuccess: () => {
      toast.success(messages.categorySaved);
      form.reset({ name: '', parentId: form.getValues('parentId') ?? null });
      void utils.categories.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  const submit = form.handleSubmit((values) => create.mutate(values));
  const name = useWatch({ control: form.control, name: 'name' });
  const errors = form.formState.errors;

  return (
    <form
      noValidate
      aria-label="New category"
      onSubmit={(event) => void submit(event)}
      className="mb-8 grid max-w-3xl gap-3 sm:grid-cols-3 sm:items-end"
    >
      <FormField id={`${fieldId}-name`} label="New category" error={errors.name?.message}>
        {(field) => <input {...field} {...form.register('name')} className="input w-full" type="text" placeholder="Such as Brakes" />}
      </FormField>
      <FormField id={`${fieldId}-slug`} label="Address (optional)" error={errors.slug?.message}>
        {(field) => (
          <input
            {...field}
            {...form.register('slug', { setValueAs: (value: string) => (value.trim() === '' ? undefined : value) })}
            className="input w-full"
            type="text"
            placeholder={slugFromName(name) || 'made from the name'}
          />
        )}
      </FormField>
      <FormField id={`${fieldId}-parent`} label="Under" error={errors.parentId?.message}>
        {(field) => (
          <select
            {...field}
            {...form.register('parentId', { setValueAs: (value: string | null) => value || null })}
            className="select w-full"
          >
            <option value="">The top level</option>
            {places
              .filter((place) => place.depth < CATEGORY_DEPTH_MAX)
              .map((place) => (
                <option key={place.id} value={place.id}>
                  {place.label}
                </option>
              ))}
          </select>
        )}
      </FormField>
      <button type="submit" className="btn btn-primary sm:col-start-3" disabled={create.isPending}>
        Add category
      </button>
    </form>
  );
}

function CategoryList({ nodes, parentId, places }: { nodes: CategoryNode[]; parentId: string | null; places: PlacedCategory[] }) {
  return (
    <ul
      className={
        parentId === null ? 'flex max-w-3xl flex-col gap-3' : 'mt-3 flex flex-col gap-3 border-l border-base-300 pl-4 sm:pl-6'
      }
    >
      {nodes.map((node, index) => (
        <li key={node.id}>
          <CategoryRow node={node} parentId={parentId} siblings={nodes} index={index} places={places} />
          {node.children.length > 0 ? <CategoryList nodes={node.children} parentId={node.id} places={places} /> : null}
        </li>
      ))}
    </ul>
  );
}

interface CategoryRowProps {
  node: CategoryNode;
  parentId: string | null;
  siblings: CategoryNode[];
  index: number;
  places: PlacedCategory[];
}

function CategoryRow({ node, parentId, siblings, index, places }: CategoryRowProps) {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const fieldId = useId();
  const [renaming, setRenaming] = useState(false);
  const done = (message: string) => () => {
    toast.success(message);
    setRenaming(false);
    void utils.categories.invalidate();
  };
  const refused = (error: { message: string }) => toast.error(error.message);
  const rename = trpc.categories.rename.useMutation({ onSuccess: done(messages.categorySaved), onError: refused });
  const move = trpc.categories.move.useMutation({ onSuccess: done(messages.categorySaved), onError: refused });
  const reorder = trpc.categories.reorder.useMutation({ onSuccess: done(messages.categorySaved), onError: refused });
  const remove = trpc.categories.remove.useMutation({ onSuccess: done(messages.categoryDeleted), onError: refused });
  const busy = rename.isPending || move.isPending || reorder.isPending || remove.isPending;

  function swapWith(other: number) {
    const ids = siblings.map((sibling) => sibling.id);
    [ids[index], ids[other]] = [ids[other]!, ids[index]!];
    reorder.mutate({ parentId, orderedIds: ids });
  }

  async function deleteIt() {
    const sure = await confirm({
      message: messages.confirmDeleteCategory(node.name),
      actionLabel: 'Delete category',
      keepLabel: 'Keep category',
    });
    if (sure) remove.mutate({ id: node.id });
  }

  // Not under itself or its own subcategories; the server also refuses a tree deeper than the bound.
  const below = new Set(flattenTree([node]).map((place) => place.id));
  const targets = places.filter((place) => !below.has(place.id) && place.id !== parentId && place.depth < CATEGORY_DEPTH_MAX);

  return (
    <div className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:flex-wrap sm:items-center">
      {renaming ? (
        <form
          aria-label={`Rename ${node.name}`}
          className="flex grow gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const name = new FormData(event.currentTarget).get('name');
            rename.mutate({ id: node.id, name: typeof name === 'string' ? name : '' });
          }}
        >
          <label htmlFor={`${fieldId}-rename`} className="sr-only">
            New name for {node.name}
          </label>
          <input id={`${fieldId}-rename`} name="name" defaultValue={node.name} className="input input-sm grow" autoFocus />
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
            Save
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <p className="grow">
          <a href={categoryPath(node.slug)} className="link link-hover font-semibold">
            {node.name}
          </a>{' '}
          <span className="text-sm text-base-content/70">/{node.slug}</span>
        </p>
      )}
      <div className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className="btn btn-xs btn-ghost"
          aria-label={`Move ${node.name} up`}
          disabled={busy || index === 0}
          onClick={() => swapWith(index - 1)}
        >
          Up
        </button>
        <button
          type="button"
          className="btn btn-xs btn-ghost"
          aria-label={`Move ${node.name} down`}
          disabled={busy || index === siblings.length - 1}
          onClick={() => swapWith(index + 1)}
        >
          Down
        </button>
        <button
          type="button"
          className="btn btn-xs btn-ghost"
          aria-label={`Rename ${node.name}`}
          disabled={busy}
          onClick={() => setRenaming(true)}
        >
          Rename
        </button>
        <label htmlFor={`${fieldId}-move`} className="sr-only">
          Move {node.name} under
        </label>
        <select
          id={`${fieldId}-move`}
          className="select select-xs w-40"
          value=""
          disabled={busy}
          onChange={(event) => {
            const target = event.target.value;
            if (target) move.mutate({ id: node.id, parentId: target === 'top' ? null : target });
          }}
        >
          <option value="">Move under…</option>
          {parentId !== null ? <option value="top">The top level</option> : null}
          {targets.map((place) => (
            <option key={place.id} value={place.id}>
              {place.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-xs btn-ghost text-error"
          aria-label={`Delete ${node.name}`}
          disabled={busy}
          onClick={() => void deleteIt()}
        >
          Delete
        </button>
      </div>
    </div>
  );
}
