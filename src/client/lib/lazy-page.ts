// React.lazy for pages, failing after CHUNK_LOAD_TIMEOUT_MS so the error boundary can offer a retry (SPEC.md §9).
// A page loaded ahead (preload) renders at once, without suspending: the first render of a page
// that the server sent prerendered shows that page, not a spinner.
import { createElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/constants';

class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`The page did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} seconds`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface LazyPage {
  (): ReactNode;
  /** Loads the page's code; once it has, the page renders without suspending. */
  preload: () => Promise<void>;
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const loadOnce = () =>
    (loading ??= withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  const Page = () => {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  };
  Page.preload = async () => void (await loadOnce());
  return Page;
}
