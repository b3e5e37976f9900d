// The variant a part's page shows and books: the one its address names (?variant=, its SKU or id,
// so a chosen option can be linked), else the part's own row, its default variant.
import { useSearchParams } from 'react-router-dom';
import type { RouterOutputs } from '../../lib/trpc';

export type Variant = RouterOutputs['tools']['byId']['variants'][number];

/** The address's name for a variant: its SKU when it has one (readable in a link), else its id. */
export function variantParam(variant: Variant): string {
  return variant.sku ?? variant.id;
}

export function useChosenVariant(variants: readonly Variant[]): [Variant | undefined, (variant: Variant) => void] {
  const [params, setParams] = useSearchParams();
  const named = params.get('variant')?.toUpperCase();
  const chosen =
    variants.find((variant) => named !== undefined && (variant.sku === named || variant.id.toUpperCase() === named)) ?? variants[0];
  const choose = (variant: Variant) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        // The default variant is the part's own address.
        if (variant === variants[0]) next.delete('variant');
        else next.set('variant', variantParam(variant));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [chosen, choose];
}
