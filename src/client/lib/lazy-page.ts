// React.lazy for pages, failing after CHUNK_LOAD_TIMEOUT_MS so the error boundary can offer a retry (SPEC.md §9).
import { lazy, type ComponentType } from 'react';
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

export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS));
}
