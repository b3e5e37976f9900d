// A centred loading spinner announced to screen readers, with an optional visible label.
export function Spinner({ label }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center justify-center gap-3 py-12">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      {label ? <span className="text-sm text-base-content/70">{label}</span> : <span className="sr-only">Loading…</span>}
    </div>
  );
}
