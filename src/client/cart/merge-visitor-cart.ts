// Once a visitor signs in (or signs up), the cart they filled in this browser joins their account's:
// once, then the browser's copy is cleared. Signing in never waits on the cart to succeed: when the
// merge fails the lines stay in the browser and join at the next sign-in.
import { toast } from 'react-toastify';
import { messages } from '../../shared/messages';
import type { trpc } from '../lib/trpc';
import { clearLocalCart, getLocalCartLines } from './local-cart';

type TrpcUtils = ReturnType<typeof trpc.useUtils>;

export async function mergeVisitorCart(utils: TrpcUtils): Promise<void> {
  const lines = getLocalCartLines();
  if (lines.length === 0) return;
  try {
    const { cart, notKept } = await utils.client.cart.merge.mutate({ lines: [...lines] });
    clearLocalCart();
    utils.cart.view.setData(undefined, cart);
    if (notKept.length > 0) toast.info(messages.cartPartsNotKept(notKept.length));
  } catch {
    // Kept in the browser for the next sign-in; the account's cart shows meanwhile.
  }
}
