// The pages the build prerenders (src/client/prerender.tsx): written into the browser build as
// complete HTML files (index.html with the page in #root, inert until the app replaces it), with
// a list of which path each one is for, which the server reads at boot to send them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeCompressedCopies } from '../../../vite-precompress.ts';

export const PRERENDERED_DIR = 'prerendered';
const PRERENDERED_MARK = 'data-prerendered';
const LIST_FILE = 'pages.json';

interface PrerenderModule {
  prerenderedPaths: readonly string[];
  prerenderPage(path: string): Promise<string>;
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
  writeFileSync(join(outDir, LIST_FILE), JSON.stringify(files, null, 2));
}

/** Path → file (relative to clientDir) of each prerendered page; none when the build has none. */
export function readPrerenderedPages(clientDir: string): ReadonlyMap<string, string> {
  const list = join(clientDir, PRERENDERED_DIR, LIST_FILE);
  if (!existsSync(list)) return new Map();
  return new Map(Object.entries(JSON.parse(readFileSync(list, 'utf8')) as Record<string, string>));
}
