// The cart for whoever is browsing: a signed-in customer's from their account (cart.view and its
// changes), a visitor's from this browser, priced and checked by the server (cart.preview). Either
// way a change the rules refuse is told in a toast with the server's sentence, and answers false.
import { keepPreviousData } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { cartQuantityRefusal, type CartLine } from '../../shared/cart-lines';
import { MAX_CART_LINES } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { useAuth } from '../auth/useAuth';
import { httpStatusOf } from '../lib/http-status';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { setLocalCartLines, useLocalCartLines } from './local-cart';

export type CartView = RouterOutputs['cart']['view'];
export type CartLineView = CartView['lines'][number];

/** What the rules need of a part: the browser checks a visitor's change before storing it. */
interface CartPartLimits {
  minimumOrderQuantity: number;
  available: number;
}

export interface Cart {
  /** The priced cart; undefined until it first arrives (or while sign-in loads). */
  view: CartView | undefined;
  isPending: boolean;
  error: { message: string } | null;
  refetch: () => void;
  /** Parts in the cart, known for a visitor before their prices arrive. */
  lineCount: number;
  add: (line: CartLine, part: CartPartLimits) => Promise<boolean>;
  setQuantity: (line: CartLine) => Promise<boolean>;
  remove: (toolId: string) => Promise<boolean>;
}

const EMPTY_CART: CartView = { lines: [], lineCount: 0, unitCount: 0, subtotalCents: 0 };

/** While sign-in loads, whose cart this is is not known yet: nothing shows and nothing changes. */
const SIGN_IN_LOADING: Cart = {
  view: undefined,
  isPending: true,
  error: null,
  refetch: () => {},
  lineCount: 0,
  add: async () => false,
  setQuantity: async () => false,
  remove: async () => false,
};

/**
 * `priced`: the page that shows the cart asks for a visitor's prices (cart.preview); the navbar's
 * count and the Add to cart buttons need only the lines this browser keeps.
 */
export function useCart({ priced = false }: { priced?: boolean } = {}): Cart {
  const { status } = useAuth();
  const signedIn = status === 'signedIn';
  const visitor = status === 'signedOut';
  const localLines = useLocalCartLines();
  const utils = trpc.useUtils();

  const account = trpc.cart.view.useQuery(undefined, { enabled: signedIn });
  const preview = trpc.cart.preview.useQuery(
    { lines: [...localLines] },
    { enabled: priced && visitor && localLines.length > 0, placeholderData: keepPreviousData },
  );

  const onChanged = (view: CartView) => utils.cart.view.setData(undefined, view);
  const onRefused = (error: { message: string }) => {
    toast.error(error.message);
    // Someone else took the stock: show the cart as it is now.
    if (httpStatusOf(error) === 409) void utils.cart.view.invalidate();
  };
  const addition = trpc.cart.add.useMutation({ onSuccess: onChanged, onError: onRefused });
  const change = trpc.cart.setQuantity.useMutation({ onSuccess: onChanged, onError: onRefused });
  const removal = trpc.cart.remove.useMutation({ onSuccess: onChanged, onError: onRefused });

  /** Runs a change of the account's cart: true when the server took it. */
  async function server<T>(mutate: (input: T) => Promise<unknown>, input: T): Promise<boolean> {
    try {
      await mutate(input);
      return true;
    } catch {
      return false;
    }
  }

  /** Stores a visitor's lines unless the rule refuses them: the same sentences as the server's. */
  function storeUnlessRefused(lines: CartLine[], changed: CartLine, part: CartPartLimits | undefined): boolean {
    const refusal =
      lines.length > MAX_CART_LINES
        ? messages.cartTooManyLines
        : part
          ? cartQuantityRefusal(changed.quantity, part)?.message
          : undefined;
    if (refusal) {
      toast.error(refusal);
      return false;
    }
    setLocalCartLines(lines);
    return true;
  }

  if (signedIn) {
    return {
      view: account.data,
      isPending: account.isPending,
      error: account.error,
      refetch: () => void account.refetch(),
      lineCount: account.data?.lineCount ?? 0,
      add: (line) => server(addition.mutateAsync, line),
      setQuantity: (line) => server(change.mutateAsync, line),
      remove: (toolId) => server(removal.mutateAsync, { toolId }),
    };
  }

  if (!visitor) return SIGN_IN_LOADING;

  const previewed = (toolId: string) => preview.data?.lines.find((line) => line.toolId === toolId);
  return {
    view: localLines.length === 0 ? EMPTY_CART : preview.data,
    isPending: localLines.length > 0 && preview.isPending,
    error: localLines.length > 0 ? preview.error : null,
    refetch: () => void preview.refetch(),
    lineCount: localLines.length,
    add: async (line, part) => {
      const held = localLines.find((kept) => kept.toolId === line.toolId);
      const added = { toolId: line.toolId, quantity: (held?.quantity ?? 0) + line.quantity };
      const lines = held ? localLines.map((kept) => (kept === held ? added : kept)) : [...localLines, added];
      return storeUnlessRefused(lines, added, part);
    },
    setQuantity: async (line) => {
      const lines = localLines.map((kept) => (kept.toolId === line.toolId ? line : kept));
      return storeUnlessRefused(lines, line, previewed(line.toolId));
    },
    remove: async (toolId) => {
      setLocalCartLines(localLines.filter((kept) => kept.toolId !== toolId));
      return true;
    },
  };
}
