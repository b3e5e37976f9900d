// The catalogue over the public API: anyone may read it, without a key (within the apiPublic
// budget per address) or with a key holding catalogue:read.
import { idParamsSchema, pageQuerySchema, searchQuerySchema } from '../../shared/public-api/requests';
import { categoryTreeSchema, partPageSchema, partSchema, reviewPageSchema } from '../../shared/public-api/part';
import { apiRoute, withId } from './api-route';

export const catalogueRoutes = [
  apiRoute({
    method: 'GET',
    path: '/api/v1/parts',
    operationId: 'listParts',
    summary: 'List the parts on sale',
    description: 'The parts on sale in the order they were added, a page at a time.',
    tag: 'Catalogue',
    scope: 'catalogue:read',
    requiresCaller: false,
    query: pageQuerySchema,
    output: partPageSchema,
    refusals: {},
    handle: async ({ caller, query }) => {
      const page = await caller.tools.list(query);
      return { ...page, items: page.items.map(withId) };
    },
  }),
  apiRoute({
    method: 'GET',
    path: '/api/v1/parts/search',
    operationId: 'searchParts',
    summary: 'Search the parts on sale',
    description: 'Words, an order and the in-stock filter, as the shop’s search takes them.',
    tag: 'Catalogue',
    scope: 'catalogue:read',
    requiresCaller: false,
    query: searchQuerySchema,
    output: partPageSchema,
    refusals: {},
    handle: async ({ caller, query }) => {
      const page = await caller.tools.search(query);
      return { ...page, items: page.items.map(withId) };
    },
  }),
  apiRoute({
    method: 'GET',
    path: '/api/v1/parts/{id}',
    operationId: 'getPart',
    summary: 'Read one part with its variants',
    tag: 'Catalogue',
    scope: 'catalogue:read',
    requiresCaller: false,
    params: idParamsSchema,
    output: partSchema,
    refusals: { 404: 'No part on sale has this id (hidden and retired parts too).' },
    handle: async ({ caller, params }) => withId(await caller.tools.byId(params)),
  }),
  apiRoute({
    method: 'GET',
    path: '/api/v1/parts/{id}/reviews',
    operationId: 'listPartReviews',
    summary: 'List a part’s reviews',
    description: 'Newest first, a page at a time, with their count and average.',
    tag: 'Catalogue',
    scope: 'catalogue:read',
    requiresCaller: false,
    params: idParamsSchema,
    query: pageQuerySchema,
    output: reviewPageSchema,
    refusals: {},
    handle: async ({ caller, params, query }) => {
      const page = await caller.reviews.forPart({ ...query, toolsId: params.id });
      return { ...page, items: page.items.map(withId) };
    },
  }),
  apiRoute({
    method: 'GET',
    path: '/api/v1/categories',
    operationId: 'listCategories',
    summary: 'The category tree',
    description: 'Every category, top level first, each with its subcategories in order.',
    tag: 'Catalogue',
    scope: 'catalogue:read',
    requiresCaller: false,
    output: categoryTreeSchema,
    refusals: {},
    handle: async ({ caller }) => ({ items: await caller.categories.tree({}) }),
  }),
];
