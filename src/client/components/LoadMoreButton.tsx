// The "Load more" button under a public grid (parts, reviews): asks for the next page of an
// infinite query, and shows it is working while that page loads.
interface Page {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function LoadMoreButton({ pages, label }: { pages: Page; label: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="mt-10 flex justify-center">
      <button
        type="button"
        className="btn btn-outline btn-wide"
        disabled={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {pages.isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {label}
      </button>
    </div>
  );
}
