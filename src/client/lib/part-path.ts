// Where a part's own page lives: one shareable address per part.
export function partPath(partId: string): string {
  return `/parts/${partId}`;
}
