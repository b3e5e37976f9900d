// Where a category's page lives: one shareable address per category, by its slug (docs/decisions/0047).
export function categoryPath(slug: string): string {
  return `/categories/${slug}`;
}
