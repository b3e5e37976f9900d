// The whole API. `AppRouter` is the only thing the browser imports from the server.
import { createCallerFactory, router } from '../trpc';
import { bookingsRouter } from './bookings';
import { cartRouter } from './cart';
import { emailsRouter } from './emails';
import { ordersRouter } from './orders';
import { overviewRouter } from './overview';
import { paymentsRouter } from './payments';
import { reviewsRouter } from './reviews';
import { settingsRouter } from './settings';
import { toolsRouter } from './tools';
import { usersRouter } from './users';

export const appRouter = router({
  tools: toolsRouter,
  reviews: reviewsRouter,
  bookings: bookingsRouter,
  users: usersRouter,
  payments: paymentsRouter,
  cart: cartRouter,
  orders: ordersRouter,
  emails: emailsRouter,
  overview: overviewRouter,
  settings: settingsRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
