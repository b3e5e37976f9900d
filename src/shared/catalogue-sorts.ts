// The orders the catalogue can be searched in. Apart from the search schema, so that home's
// search form can name them without loading zod before its first paint.
export const catalogueSorts = ['relevance', 'newest', 'price-asc', 'price-desc'] as const;
export type CatalogueSort = (typeof catalogueSorts)[number];
