// Whether the app has taken over the page: false while rendering on the server and during the
// browser's hydration of that HTML, true from the render after. A control that only works with the
// app's code (Load more) is disabled until then, so neither a visitor without scripts nor a click
// that lands before the code has run meets a button that does nothing.
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
