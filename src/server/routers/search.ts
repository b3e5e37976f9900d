// The header search: suggestions of parts and categories as a visitor types, for everyone alike.
import { suggestSchema } from '../../shared/search-suggestions';
import { suggest } from '../domains/catalogue/suggestions';
import { router, sharedRead } from '../trpc';

/**
 * Suggestions show names and prices, not stock: every change they show is notified at commit
 * (migrations/0002 and 0032), and only bookings, which change stock alone, are not. So, like the
 * category tree, they need no age limit.
 */
const suggestionsFreshness = { tables: ['tools', 'categories'] };

export const searchRouter = router({
  /** Up to 6 parts and 4 categories whose names have the typed words; nothing under 2 letters. */
  suggest: sharedRead(suggestSchema, suggestionsFreshness).query(({ ctx, input }) => suggest(ctx.deps.db, input)),
});
