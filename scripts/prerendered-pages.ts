// The build's last step for the browser app: the pages src/client/prerender.tsx renders, written
// into the browser build as complete HTML files (index.html with the page in #root, inert until
// the app replaces it), with the list of which path each one is for that the server reads at boot
// (src/server/boot/prerendered-pages.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRERENDERED_DIR, PRERENDERED_LIST_FILE } from '../src/server/boot/prerendered-pages';
import { writeCompressedCopies } from './vite-precompress';

const PRERENDERED_MARK = 'data-prerendered';

export interface PrerenderModule {
  prerenderedPaths: readonly string[];
  prerenderPage: (path: string) => Promise<string>;
}

/** React puts what belongs in <head> (preloads, the page's <title>) first when it renders a part of a page. */
const LEADING_HEAD_TAGS = /^(?:<link\b[^>]*\/>|<meta\b[^>]*\/>|<title>[^<]*<\/title>)*/;

/** index.html with `rendered` (React's output for #root) in place, the page's head tags in <head>. */
export function pageHtml(template: string, rendered: string): string {
  const leading = LEADING_HEAD_TAGS.exec(rendered)?.[0] ?? '';
  const body = rendered.slice(leading.length);
  // Marked, so that the app removes it once it renders the page's title itself (boot.tsx).
  const headTags = leading.replace('<title>', `<title ${PRERENDERED_MARK}>`);
  let page = leading.includes('<title>') ? template.replace(/<title>[^<]*<\/title>/, '') : template;
  page = page.replace('</head>', `${headTags}</head>`);
  const root = '<div id="root"></div>';
  if (!page.includes(root)) throw new Error(`index.html has no ${root}`);
  // inert: nothing in it takes clicks or typing until the live app has replaced it (boot.tsx).
  return page.replace(root, () => `<div id="root" inert>${body}</div>`);
}

function fileNameOf(path: string): string {
  return `${path === '/' ? 'index' : path.slice(1).replaceAll('/', '_')}.html`;
}

export async function writePrerenderedPages(clientDir: string, prerender: PrerenderModule): Promise<void> {
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const outDir = join(clientDir, PRERENDERED_DIR);
  mkdirSync(outDir, { recursive: true });
  const files: Record<string, string> = {};
  for (const path of prerender.prerenderedPaths) {
    const rendered = await prerender.prerenderPage(path);
    // The Content-Security-Policy allows no inline script (React adds some when a part suspended).
    if (rendered.includes('<script')) throw new Error(`The prerendered ${path} has an inline script`);
    const file = join(outDir, fileNameOf(path));
    writeFileSync(file, pageHtml(template, rendered));
    writeCompressedCopies(file);
    files[path] = `${PRERENDERED_DIR}/${fileNameOf(path)}`;
  }
  writeFileSync(join(outDir, PRERENDERED_LIST_FILE), JSON.stringify(files, null, 2));
}
