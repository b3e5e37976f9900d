// Loads GET /config.json once; useRuntimeConfig() suspends until it is there.
import { use } from 'react';
import type { RuntimeConfig } from '../../shared/payments';

let configPromise: Promise<RuntimeConfig> | null = null;

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load /config.json (${response.status})`);
  return (await response.json()) as RuntimeConfig;
}

/** The runtime configuration, fetched on first call; a failed fetch is retried on the next call. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  configPromise ??= fetchRuntimeConfig().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

/** The runtime configuration; suspends the component (inside <Suspense>) until it has loaded. */
export function useRuntimeConfig(): RuntimeConfig {
  return use(loadRuntimeConfig());
}
