// The documented deploy starts: the build (made by the journeys' setup) copied into a directory
// holding only what docs/operations.md says to copy, a production-only install, and `node
// dist/server/index.js` there, in embedded mode, serves the shop.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedStorefront, type EmbeddedStorefront } from '../src/server/testing/embedded-storefront';
import { prepareProductionDirectory, START } from '../src/server/testing/production-directory';

/** A first production install takes minutes on two busy cores; later runs reuse it. */
const PREPARE_TIMEOUT_MS = 600_000;

let directory: string;
let storefront: EmbeddedStorefront;

beforeAll(async () => {
  directory = prepareProductionDirectory();
  storefront = await startEmbeddedStorefront({ command: START, cwd: directory, readyTimeoutMs: 120_000 });
}, PREPARE_TIMEOUT_MS);

afterAll(async () => {
  await storefront?.stop();
});

it('runs from the build and a production-only install, without the sources', async () => {
  expect(existsSync(join(directory, 'src'))).toBe(false);
  expect(existsSync(join(directory, 'node_modules', 'react'))).toBe(false);

  const ready = await fetch(`${storefront.baseUrl}/ready`);
  expect(ready.status).toBe(200);

  const page = await fetch(`${storefront.baseUrl}/`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Sprocket');

  const parts = (await (await fetch(`${storefront.baseUrl}/tools`)).json()) as { name: string }[];
  expect(parts.map((part) => part.name)).toContain('Bike Headsets');
});
