// The key just created, shown once in a read-only field to copy, with the warning that the shop
// keeps only its hash and cannot show it again.
import { Copy, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'react-toastify';
import { apiKeyMessages } from '../../../shared/api-key-messages';

interface NewApiKeyProps {
  name: string;
  secret: string;
  onDone: () => void;
}

export function NewApiKey({ name, secret, onDone }: NewApiKeyProps) {
  const fieldId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success('Key copied');
    } catch {
      toast.error('The browser did not allow copying: select the key and copy it yourself.');
    }
  }

  return (
    <section aria-labelledby={`${fieldId}-heading`} className="alert alert-warning mb-6 flex max-w-2xl flex-col items-stretch gap-3">
      <h2 id={`${fieldId}-heading`} className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-5" />
        Your new key “{name}”
      </h2>
      <p role="status">{apiKeyMessages.shownOnce}</p>
      <label htmlFor={`${fieldId}-key`} className="sr-only">
        The new API key
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${fieldId}-key`}
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="input w-full font-mono text-sm"
          spellCheck={false}
        />
        <button type="button" className="btn gap-1" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </button>
      </div>
      <button type="button" className="btn btn-ghost btn-sm self-start" onClick={onDone}>
        I have copied it
      </button>
    </section>
  );
}
