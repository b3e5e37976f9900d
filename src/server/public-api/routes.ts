// Every route of the public API v1, in the order the document lists them.
import type { ApiRoute } from './api-route';
import { catalogueRoutes } from './catalogue-routes';
import { orderRoutes } from './order-routes';

export const publicApiRoutes: readonly ApiRoute[] = [...catalogueRoutes, ...orderRoutes];
