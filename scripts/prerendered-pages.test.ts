// The prerendered pages as the build writes them: index.html with the page in #root, inert, and
// what React put first for <head> (the page's title, preloads) moved there; listed so that the
// server's reader finds each one.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPrerenderedPages } from '../src/server/boot/prerendered-pages';
import { pageHtml, writePrerenderedPages } from './prerendered-pages';

const template = [
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Sprocket</title>',
  '<script type="module" src="/assets/index.js"></script></head>',
  '<body><div id="root"></div></body></html>',
].join('');

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a prerendered page', () => {
  it('puts the page in #root, inert, and its title and preloads in <head>', () => {
    const rendered = '<link rel="preload" as="image" href="/hero.svg"/><title>Login | Sprocket</title><main><h1>Login</h1></main>';
    const page = pageHtml(template, rendered);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<title data-prerendered>Login | Sprocket</title>');
    expect(head).not.toContain('<title>Sprocket</title>');
    expect(head).toContain('<link rel="preload" as="image" href="/hero.svg"/>');
    expect(head).toContain('<script type="module" src="/assets/index.js"></script>');
    expect(page).toContain('<body><div id="root" inert><main><h1>Login</h1></main></div></body>');
  });

  it('keeps the template’s title when the page names none', () => {
    expect(pageHtml(template, '<main>Blogs</main>')).toContain('<title>Sprocket</title>');
  });

  it('is written for each path with the list the server reads, and never with an inline script', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'sprocket-prerendered-'));
    dirs.push(clientDir);
    writeFileSync(join(clientDir, 'index.html'), template);
    await writePrerenderedPages(clientDir, {
      prerenderedPaths: ['/', '/home'],
      prerenderPage: async (path) => `<main>${'page '.repeat(400)}${path}</main>`,
    });
    const pages = readPrerenderedPages(clientDir);
    expect([...pages.keys()]).toEqual(['/', '/home']);
    expect(readFileSync(join(clientDir, pages.get('/home')!), 'utf8')).toContain('/home</main></div>');
    expect(readFileSync(join(clientDir, `${pages.get('/')!}.br`)).length).toBeGreaterThan(0);

    await expect(
      writePrerenderedPages(clientDir, {
        prerenderedPaths: ['/home'],
        prerenderPage: async () => '<main></main><script>$RC()</script>',
      }),
    ).rejects.toThrow('inline script');
  });
});
