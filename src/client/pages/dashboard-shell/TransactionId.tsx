// A payment's transaction id, in a monospace font that wraps on narrow screens. Screen readers
// hear "Transaction id:" first unless the surrounding text already says so.
export function TransactionId({ id, hasVisibleLabel = false }: { id: string; hasVisibleLabel?: boolean }) {
  return (
    <span className="block font-mono text-xs break-all text-base-content/80">
      {hasVisibleLabel ? null : <span className="sr-only">Transaction id: </span>}
      {id}
    </span>
  );
}
