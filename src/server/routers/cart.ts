// The cart: a customer's parts to buy, kept with their account, and for visitors a preview of the
// lines their browser keeps, priced and checked the same way without storing anything.
import { cartLineInputSchema, cartLinesInputSchema, removeCartLineSchema } from '../../shared/cart';
import { addToCart, clearCart, mergeIntoCart, previewCart, removeFromCart, setCartQuantity, viewCart } from '../domains/checkout/cart';
import { protectedProcedure, publicProcedure, router } from '../trpc';

/**
 * Changing the cart spends the bookings' budget: it is the same customer building what they will
 * buy, at the same pace, and a loop of changes costs the database as bookings do.
 */
const cartChangeProcedure = protectedProcedure.meta({ rateLimit: 'bookingCreate' });

export const cartRouter = router({
  view: protectedProcedure.query(({ ctx }) => viewCart(ctx.deps.db, ctx.user.id)),

  /** A visitor's lines (at most MAX_CART_LINES, read in one query) as the cart would show them. */
  preview: publicProcedure.input(cartLinesInputSchema).query(({ ctx, input }) => previewCart(ctx.deps.db, input.lines)),

  add: cartChangeProcedure.input(cartLineInputSchema).mutation(({ ctx, input }) => addToCart(ctx.deps.db, ctx.user.id, input)),

  setQuantity: cartChangeProcedure
    .input(cartLineInputSchema)
    .mutation(({ ctx, input }) => setCartQuantity(ctx.deps.db, ctx.user.id, input)),

  remove: cartChangeProcedure
    .input(removeCartLineSchema)
    .mutation(({ ctx, input }) => removeFromCart(ctx.deps.db, ctx.user.id, input.toolId)),

  clear: cartChangeProcedure.mutation(({ ctx }) => clearCart(ctx.deps.db, ctx.user.id)),

  /** The visitor's lines, brought into the account once when they sign in. */
  merge: cartChangeProcedure
    .input(cartLinesInputSchema)
    .mutation(({ ctx, input }) => mergeIntoCart(ctx.deps.db, ctx.user.id, input.lines)),
});
