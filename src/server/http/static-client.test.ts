// The built browser app as the server sends it: the build's Brotli or gzip copies to browsers that
// accept them (vite-precompress.ts), long caching for hashed assets, and pages for client routes
// (prerendered ones where the build made them).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestShop, type TestShop } from '../testing/test-shop';
import { TEST_FIREBASE_WEB_CONFIG, TEST_STRIPE_KEYS } from '../testing/test-keys';

let shop: TestShop;
let app: FastifyInstance;
const clientDir = mkdtempSync(join(tmpdir(), 'sprocket-client-'));
const script = `console.log(${JSON.stringify('a bicycle part '.repeat(200))});`;

beforeAll(async () => {
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Sprocket</title>');
  mkdirSync(join(clientDir, 'prerendered'));
  writeFileSync(join(clientDir, 'prerendered', 'login.html'), '<!doctype html><title>Login | Sprocket</title><h1>Login</h1>');
  writeFileSync(join(clientDir, 'prerendered', 'pages.json'), JSON.stringify({ '/login': 'prerendered/login.html' }));
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.map'), JSON.stringify({ version: 3, sources: ['../src/secret.ts'] }));
  shop = await createTestShop();
  app = await buildApp(shop.deps, {
    ping: shop.database.ping,
    clientDir,
    runtimeConfig: {
      firebase: TEST_FIREBASE_WEB_CONFIG,
      payments: { mode: 'emulator', publishableKey: TEST_STRIPE_KEYS.publishableKey, apiBase: shop.payments.url },
    },
  });
});
afterAll(async () => {
  await app.close();
  await shop.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the built browser app', () => {
  it('goes compressed to browsers that accept it, and plain to the rest', async () => {
    const brotli = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 4);

    const gzip = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const answer of [brotli, gzip, plain]) {
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never sends a source map, however it is asked for', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/INDEX-abc123.js.map',
      '/assets/index-abc123.js.map?x=1',
      '/assets/index-abc123%2Ejs%2Emap',
    ]) {
      const answer = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('secret.ts');
    }
  });

  it('answers a client route with the page, revalidated every time', async () => {
    const page = await app.inject({ url: '/dashboard/myorders', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Sprocket</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers a prerendered route with its prerendered page, whatever the query', async () => {
    for (const url of ['/login', '/login?from=%2Fdashboard']) {
      const page = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Login</h1>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const other = await app.inject({ url: '/login/elsewhere', headers: { accept: 'text/html' } });
    expect(other.body).toContain('<title>Sprocket</title>');
  });

  it('shows a prerendered page to clients that do not ask for HTML, such as curl', async () => {
    const page = await app.inject({ url: '/login', headers: { accept: '*/*' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Login</h1>');
    expect((await app.inject({ url: '/no-such-thing', headers: { accept: '*/*' } })).statusCode).toBe(404);
  });
});
