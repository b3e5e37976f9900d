// The sentence a cart line shows when its part changed since it was added.
import { messages } from '../../../shared/messages';
import type { CartLineView } from '../../cart/useCart';

export function lineProblemMessage(line: CartLineView): string | null {
  switch (line.problem) {
    case 'unavailable':
      return messages.partGone;
    case 'belowMinimum':
      return messages.cartMinimumRaised(line.minimumOrderQuantity);
    case 'overStock':
      return messages.outOfStock(line.available);
    default:
      return null;
  }
}
