// The browser app's server-side render, as the build wrote it (dist/server-render, bundled with
// React and everything it needs, since the production install has none of the browser's packages).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '../../shared/page-render';

/** Where, inside dist, the build writes it (scripts/build.ts). */
export const PAGE_RENDER_BUNDLE = 'dist/server-render/page-render.js';

/** The render, or none when the build has none (an API-only run): pages then go as before. */
export async function loadPageRenderer(file: string): Promise<PageRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}
