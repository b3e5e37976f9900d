// The "show more" button under a paged table; hidden when every page is loaded.
export function ShowMoreButton({
  label,
  hasMore,
  loading,
  onClick,
}: {
  label: string;
  hasMore: boolean;
  loading: boolean;
  onClick: () => void;
}) {
  if (!hasMore) return null;
  return (
    <div className="p-4 text-center">
      <button type="button" className="btn btn-outline btn-sm" disabled={loading} onClick={onClick}>
        {loading ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
        {label}
      </button>
    </div>
  );
}
