// The discount code box: Apply asks for a quote with the code, and a refusal shows the server's
// sentence under the field while the order stays priced without it.
import { useId, useState, type FormEvent } from 'react';
import { DISCOUNT_CODE_MAX_LENGTH } from '../../../shared/orders';

interface DiscountCodeFieldProps {
  applied: string | undefined;
  /** Prices the order with the code; resolves to the refusal's message, or null once applied. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
}

export function DiscountCodeField({ applied, onApply, onRemove }: DiscountCodeFieldProps) {
  const fieldId = useId();
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '' || applying) return;
    setApplying(true);
    setRefusal(await onApply(code));
    setApplying(false);
  }

  if (applied) {
    return (
      <p className="flex flex-wrap items-center gap-3">
        <span>
          Code <span className="font-semibold">{applied}</span> applied.
        </span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
          Remove code
        </button>
      </p>
    );
  }

  // Its own form, so Enter in the box applies the code rather than placing the order.
  return (
    <form noValidate className="flex flex-col gap-1" onSubmit={(event) => void apply(event)}>
      <label htmlFor={`${fieldId}-code`} className="text-sm font-medium">
        Discount code
      </label>
      <div className="join w-full sm:max-w-sm">
        <input
          id={`${fieldId}-code`}
          value={code}
          maxLength={DISCOUNT_CODE_MAX_LENGTH}
          autoComplete="off"
          aria-invalid={refusal !== null}
          aria-describedby={refusal ? `${fieldId}-refusal` : undefined}
          className="input join-item w-full uppercase"
          onChange={(event) => {
            setCode(event.target.value);
            setRefusal(null);
          }}
        />
        <button type="submit" className="btn join-item" disabled={applying}>
          {applying ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Apply
        </button>
      </div>
      {refusal ? (
        <p id={`${fieldId}-refusal`} role="alert" className="text-sm text-error">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
