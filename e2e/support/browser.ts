// Debian's Chromium (or CHROMIUM_PATH) through playwright-core: one browser for the whole journey
// run, which runs its files in one process (isolate: false in vite.config.ts), since launching
// Chromium for each file cost more than many files' journeys. Each file opens its own contexts
// (cookies, storage) and closes them when it ends; the browser ends with the process. Each page
// records its console errors; a failed test saves a screenshot and the console under test-results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject, onTestFailed } from 'vitest';
import { chromiumPath } from '../../src/server/testing/chromium-path';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

export interface OpenOptions {
  width?: number;
  height?: number;
  /** false: the browser runs no script at all (what a page shows before its code arrives). */
  javaScriptEnabled?: boolean;
}

let sharedBrowser: Promise<Browser> | undefined;

function launchedBrowser(): Promise<Browser> {
  sharedBrowser ??= chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  return sharedBrowser;
}

export function useBrowser(): { open: (options?: OpenOptions) => Promise<TrackedPage> } {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchedBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  return {
    async open({ width = 1280, height = 900, javaScriptEnabled = true } = {}) {
      const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width, height }, javaScriptEnabled });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      const consoleLines: string[] = [];
      page.on('console', (message) => {
        consoleLines.push(`[${message.type()}] ${message.text()}`);
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      onTestFailed(async ({ task }) => {
        const dir = join('test-results', 'e2e');
        mkdirSync(dir, { recursive: true });
        const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
        await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
        writeFileSync(join(dir, `${name}.console.txt`), consoleLines.join('\n'));
      });
      return { page, context, errors };
    },
  };
}
