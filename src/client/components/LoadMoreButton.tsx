// The "Load more" button under a public grid (parts, reviews): asks for the next page of an
// infinite query, and shows it is working while that page loads. In the server's HTML it is
// disabled until the app has taken the page over (use-hydrated.ts).
import { useHydrated } from '../lib/use-hydrated';

interface Page {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function LoadMoreButton({ pages, label }: { pages: Page; label: string }) {
  const hydrated = useHydrated();
  if (!pages.hasNextPage) return null;
  return (
    <div className="mt-10 flex justify-center">
      <button
        type="button"
        className="btn btn-outline btn-wide"
        disabled={!hydrated || pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {pages.isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {label}
      </button>
    </div>
  );
}
