// "Add to cart" with its quantity, beside Book Now on the part's page and its card: the quantity
// starts at the part's minimum order, and the rules (minimum order to stock) refuse with Book Now's
// sentences. Works the same for visitors (kept in this browser) and customers.
import { ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { messages } from '../../shared/messages';
import { useAuth } from '../auth/useAuth';
import { useCart } from './useCart';

interface AddToCartProps {
  tool: { _id: string; name: string; minimumOrderQuantity: number; available: number };
  className?: string;
}

export function AddToCart({ tool, className = '' }: AddToCartProps) {
  const cart = useCart();
  const { status } = useAuth();
  const quantityId = useId();
  const [quantity, setQuantity] = useState(String(tool.minimumOrderQuantity));
  const [adding, setAdding] = useState(false);
  const outOfStock = tool.available < tool.minimumOrderQuantity;

  async function add() {
    const wanted = Number(quantity);
    if (quantity.trim() === '' || !Number.isInteger(wanted) || wanted < 1) {
      toast.error(messages.quantityOutOfRange);
      return;
    }
    setAdding(true);
    const added = await cart.add({ toolId: tool._id, quantity: wanted }, tool);
    setAdding(false);
    if (added) toast.success(messages.addedToCart);
  }

  return (
    <form
      // The shop's own sentence, not the browser's bubble, says why a quantity is refused.
      noValidate
      className={`flex items-end gap-2 ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <div className="flex w-24 shrink-0 flex-col gap-1">
        <label htmlFor={quantityId} className="text-xs font-medium text-base-content/70">
          Quantity <span className="sr-only">of {tool.name}</span>
        </label>
        <input
          id={quantityId}
          type="number"
          inputMode="numeric"
          min={tool.minimumOrderQuantity}
          max={tool.available}
          step={1}
          value={quantity}
          disabled={outOfStock}
          onChange={(event) => setQuantity(event.target.value)}
          className="input input-bordered w-full tabular-nums"
        />
      </div>
      <button type="submit" className="btn btn-outline btn-primary flex-1" disabled={outOfStock || adding || status === 'loading'}>
        {adding ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : (
          <ShoppingCart aria-hidden="true" className="size-4" />
        )}
        Add to cart
        <span className="sr-only">: {tool.name}</span>
      </button>
    </form>
  );
}
