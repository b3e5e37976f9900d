// `npm run bench:web`: the embedded storefront as `npm start` runs it (the build, each part only if
// its sources changed, then the server with PGlite and both emulators), timed until it is ready to
// serve, then Lighthouse (mobile, its default throttling) five times on /home, /login, a demo part's
// page and a category page filtered to a bike, in Debian's Chromium. Prints the medians against the budgets below and writes
// bench/results/web-<time>.json.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), WEB_RUNS (default 5).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import getPort from 'get-port';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../src/server/testing/chromium-path';
import { startEmbeddedStorefront } from '../src/server/testing/embedded-storefront';

const RUNS = Number(process.env.WEB_RUNS ?? 5);
/** The pages every visitor or search engine lands on; the part and category pages are server-rendered. */
const FIXED_PAGES = ['/home', '/login', '/categories/drivetrain?fits=speeds.12_freehub.sram-xdr&inStock=1'];
const READY_TIMEOUT_MS = 180_000;

const budgets = {
  performance: { at: 'least', value: 95 },
  accessibility: { at: 'least', value: 95 },
  lcpMs: { at: 'most', value: 2_000 },
  cls: { at: 'most', value: 0.05 },
} as const;

type Figures = Record<keyof typeof budgets, number>;

async function main(): Promise<void> {
  const debuggingPort = await getPort();
  const storefront = await startEmbeddedStorefront({ command: ['npm', 'start'], readyTimeoutMs: READY_TIMEOUT_MS });
  const startupMs = storefront.readyAfterMs;
  try {
    console.log(
      `bench:web: npm start (build if needed, PGlite, both emulators) ready in ${(startupMs / 1000).toFixed(1)} s (budget 15 s)`,
    );

    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: [`--remote-debugging-port=${debuggingPort}`, '--no-sandbox'],
    });
    const results: Record<string, { runs: Figures[]; median: Figures }> = {};
    try {
      for (const page of [...FIXED_PAGES, await demoPartPage(storefront.baseUrl)]) {
        const runs: Figures[] = [];
        for (let run = 0; run < RUNS; run++) runs.push(await audit(`${storefront.baseUrl}${page}`, debuggingPort));
        results[page] = { runs, median: medians(runs) };
      }
    } finally {
      await browser.close();
    }

    const report = { startedAt: new Date().toISOString(), load: loadavg(), startupMs, budgets, pages: results };
    const resultsDir = new URL('results/', import.meta.url);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(new URL(`web-${report.startedAt.replace(/[:.]/g, '-')}.json`, resultsDir), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\n${table(results, startupMs)}`);
  } finally {
    await storefront.stop();
  }
}

/** The page of the first part the catalogue lists (SPEC's GET /tools). */
async function demoPartPage(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/tools`);
  const parts = (await response.json()) as Array<{ _id: string }>;
  const first = parts[0];
  if (!first) throw new Error('the demo catalogue lists no part');
  return `/parts/${first._id}`;
}

async function audit(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  };
}

function medians(runs: Figures[]): Figures {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };
  return {
    performance: median(runs.map((run) => run.performance)),
    accessibility: median(runs.map((run) => run.accessibility)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    cls: median(runs.map((run) => run.cls)),
  };
}

function table(results: Record<string, { median: Figures }>, startupMs: number): string {
  const met = (name: keyof typeof budgets, value: number) =>
    budgets[name].at === 'least' ? value >= budgets[name].value : value <= budgets[name].value;
  const cell = (name: keyof typeof budgets, value: number, text: string) => `${text}${met(name, value) ? '' : ' (over budget)'}`;
  const lines = [
    `| page | performance (≥ 95) | accessibility (≥ 95) | LCP (≤ 2.0 s) | CLS (≤ 0.05) |`,
    '|---|---|---|---|---|',
    ...Object.entries(results).map(
      ([page, { median }]) =>
        `| ${page} | ${cell('performance', median.performance, String(median.performance))} | ` +
        `${cell('accessibility', median.accessibility, String(median.accessibility))} | ` +
        `${cell('lcpMs', median.lcpMs, `${(median.lcpMs / 1000).toFixed(2)} s`)} | ` +
        `${cell('cls', median.cls, median.cls.toFixed(3))} |`,
    ),
  ];
  return `Medians of ${RUNS} Lighthouse mobile runs; npm start ready in ${(startupMs / 1000).toFixed(1)} s (≤ 15 s).\n\n${lines.join('\n')}`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
