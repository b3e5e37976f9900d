// Reads a keyset-paged list to its end, for the suites that check pages neither skip nor repeat a row.

/** Every page of a list, following nextCursor from the first page until it is null. */
export async function everyPage<T>(pageAt: (cursor?: string) => Promise<{ items: T[]; nextCursor: string | null }>): Promise<T[][]> {
  const pages: T[][] = [];
  for (let cursor: string | undefined; ;) {
    const page = await pageAt(cursor);
    pages.push(page.items);
    if (!page.nextCursor) return pages;
    cursor = page.nextCursor;
  }
}
