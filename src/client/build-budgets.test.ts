// The first screen's browser budgets, read from Vite's build manifest of a production build made
// for this test (dist/client may hold another build, e.g. the journeys' one): what /home loads before
// first paint stays under 150 KB of gzipped JavaScript and holds nothing of Firebase, and Stripe's
// code is only in the payment pages' chunks.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const HOME_INITIAL_JS_BUDGET_BYTES = 150 * 1024;
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const viteBin = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
/** Code that only Stripe.js's loader carries, and only Firebase's SDK. */
const STRIPE_MARK = 'js.stripe.com';
const FIREBASE_MARK = 'FirebaseError';

let outDir: string;
let manifest: Manifest;

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'sprocket-budgets-'));
  execFileSync(process.execPath, [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** A chunk and every chunk it imports statically, i.e. what loads with it. */
function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

const entryKey = () => Object.entries(manifest).find(([, chunk]) => chunk.isEntry)![0];
const pageKey = (page: string) => `pages/${page}`;
/** The pages that take a card: one booking's, and a checkout order's. */
const paymentPages = [pageKey('account/Payment.tsx'), pageKey('checkout/OrderPaymentPage.tsx')];
const code = (key: string) => readFileSync(join(outDir, manifest[key]!.file));
const jsOnly = (keys: Iterable<string>) => [...keys].filter((key) => manifest[key]!.file.endsWith('.js'));

/**
 * What the browser loads for a route: the entry, the app it starts (boot.tsx), the route's lazy
 * page, and their static imports.
 */
function routeInitialLoad(page: string): string[] {
  return jsOnly(staticClosure([entryKey(), 'boot.tsx', pageKey(page)]));
}

describe('browser budgets (production build)', () => {
  it('keeps the JavaScript /home loads before first paint under 150 KB gzipped', () => {
    const files = routeInitialLoad('home/HomePage.tsx');
    const gzipped = files.reduce((sum, key) => sum + gzipSync(code(key)).length, 0);
    console.log(`/home initial JavaScript: ${(gzipped / 1024).toFixed(1)} KB gzipped in ${files.length} files`);
    expect(gzipped).toBeLessThanOrEqual(HOME_INITIAL_JS_BUDGET_BYTES);
  });

  it('loads nothing of Firebase before first paint on /home', () => {
    const files = routeInitialLoad('home/HomePage.tsx');
    expect(files.filter((key) => /firebase/i.test(manifest[key]!.src ?? key))).toEqual([]);
    expect(files.filter((key) => code(key).includes(FIREBASE_MARK))).toEqual([]);
    // Firebase is still in the build, loaded on demand: the check above can fail.
    expect(Object.keys(manifest).some((key) => code(key).includes(FIREBASE_MARK))).toBe(true);
  });

  it('keeps Stripe code in the payment pages’ own chunks', () => {
    const withStripe = jsOnly(Object.keys(manifest)).filter((key) => code(key).includes(STRIPE_MARK));
    expect(withStripe.length).toBeGreaterThan(0);
    const otherPages = Object.keys(manifest).filter((key) => key.startsWith('pages/') && !paymentPages.includes(key));
    const loadedElsewhere = staticClosure([entryKey(), ...otherPages]);
    expect(withStripe.filter((key) => loadedElsewhere.has(key))).toEqual([]);
    // The card form the payment pages share loads Stripe on demand, from its own chunk.
    const paymentChunks = staticClosure(paymentPages);
    const onDemand = [...paymentChunks].flatMap((key) => manifest[key]!.dynamicImports ?? []);
    const reachableFromPayment = staticClosure([...paymentChunks, ...onDemand]);
    expect(withStripe.every((key) => reachableFromPayment.has(key))).toBe(true);
  });
});
