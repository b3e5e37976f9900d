// A payment's transaction id, in a monospace font that wraps on narrow screens.
export function TransactionId({ id }: { id: string }) {
  return (
    <span className="block font-mono text-xs break-all text-base-content/80">
      <span className="sr-only">Transaction id: </span>
      {id}
    </span>
  );
}
