// The whole API. `AppRouter` is the only thing the browser imports from the server.
import { createCallerFactory, router } from '../trpc';
import { apiKeysRouter } from './api-keys';
import { bikesRouter } from './bikes';
import { bookingsRouter } from './bookings';
import { cartRouter } from './cart';
import { categoriesRouter } from './categories';
import { emailsRouter } from './emails';
import { ordersRouter } from './orders';
import { overviewRouter } from './overview';
import { paymentsRouter } from './payments';
import { reviewsRouter } from './reviews';
import { searchRouter } from './search';
import { settingsRouter } from './settings';
import { toolsRouter } from './tools';
import { usersRouter } from './users';
import { webhooksRouter } from './webhooks';

export const appRouter = router({
  tools: toolsRouter,
  categories: categoriesRouter,
  search: searchRouter,
  reviews: reviewsRouter,
  bookings: bookingsRouter,
  users: usersRouter,
  payments: paymentsRouter,
  cart: cartRouter,
  orders: ordersRouter,
  emails: emailsRouter,
  overview: overviewRouter,
  settings: settingsRouter,
  bikes: bikesRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
