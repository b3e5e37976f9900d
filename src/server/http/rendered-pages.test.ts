// The pages the server renders on request, as a crawler or a browser without scripts gets them:
// home, each part's page and each category's page with their own title, description, canonical
// address and Open Graph tags, their schema.org data, the data the browser hydrates from, and 404
// with the not-found page for an address with no page or naming no part or category. The render is the browser app's own
// (src/client/page-render.tsx), loaded from source here and from the build in production.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { PAGE_DATA_ELEMENT_ID } from '../../shared/page-render';
import { buildApp } from '../app';
import { categories } from '../db/schema';
import { createTestShop, TEST_SHOP_URL, type TestShop } from '../testing/test-shop';
import { TEST_FIREBASE_WEB_CONFIG, TEST_STRIPE_KEYS } from '../testing/test-keys';

const SITE_DESCRIPTION = 'The shop shell description.';
const template = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
  `<meta\n      name="description"\n      data-site-description\n      content="${SITE_DESCRIPTION}"\n    />`,
  '<title>Sprocket shell</title><script type="module" src="/assets/index-abc.js"></script></head>',
  '<body><div id="root"></div></body></html>',
].join('');

let shop: TestShop;
let app: FastifyInstance;
const clientDir = mkdtempSync(join(tmpdir(), 'sprocket-rendered-'));

beforeAll(async () => {
  writeFileSync(join(clientDir, 'index.html'), template);
  shop = await createTestShop();
  app = await buildApp(shop.deps, {
    ping: shop.database.ping,
    clientDir,
    pageRenderer: await import('../../client/page-render'),
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

function page(url: string) {
  return app.inject({ url, headers: { accept: 'text/html' } });
}

/** The attribute of the head tag that `selector` finds, read the way a crawler would. */
function headTag(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html.slice(0, html.indexOf('</head>')))?.[1];
}

const metaContent = (html: string, key: string) => headTag(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));

function decoded(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function structuredData(html: string): Array<Record<string, unknown>> {
  const match = /<script type="application\/ld\+json">([^]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no JSON-LD on the page');
  return JSON.parse(match[1]!) as Array<Record<string, unknown>>;
}

function pageData(html: string): {
  shopUrl: string;
  queries: { queries: Array<{ queryKey: unknown; state: { data?: unknown; status: string; error: unknown } }> };
} {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^]*?)</script>`).exec(html);
  if (!match) throw new Error('no page data on the page');
  return JSON.parse(match[1]!) as ReturnType<typeof pageData>;
}

/** Every <script> of the page runs from a file or is a data block: none needs 'unsafe-inline'. */
function inlineScriptsThatRun(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((match) => match[1]!)
    .filter((attributes) => !/\bsrc=/.test(attributes) && !/type="application\/(?:ld\+)?json"/.test(attributes));
}

describe('a part page', () => {
  it('carries the part, its own title, description, canonical address and Open Graph tags', async () => {
    const part = await shop.createTool({ name: 'Bike Headsets', priceCents: 39_00, description: 'Sealed cartridge bearings.' });

    const answer = await page(`/parts/${part.id}`);

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    const html = answer.body;
    const url = `${TEST_SHOP_URL}/parts/${part.id}`;
    expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1])).toEqual(['Bike Headsets | Sprocket']);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaContent(html, 'description')).toBe('Bike Headsets, $39.00: Sealed cartridge bearings.');
    expect(html).not.toContain(SITE_DESCRIPTION);
    expect(headTag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(url);
    expect(metaContent(html, 'og:title')).toBe('Bike Headsets');
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:url')).toBe(url);
    expect(metaContent(html, 'og:description')).toBe('Bike Headsets, $39.00: Sealed cartridge bearings.');
    expect(metaContent(html, 'og:image')).toBe(`${TEST_SHOP_URL}/images/parts/placeholder.svg`);
    // Readable without scripts: the name, price and description are in the HTML itself.
    expect(html).toContain('<h1 id="part-name" class="text-3xl font-bold tracking-tight sm:text-4xl">Bike Headsets</h1>');
    expect(html).toContain('$39.00');
    expect(html).toContain('Sealed cartridge bearings.');
    expect(html).toContain('<div id="root">');
    expect(inlineScriptsThatRun(html)).toEqual([]);
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('gives the browser the part, its reviews, categories and compatibility to hydrate from, under the keys its hooks ask with', async () => {
    const part = await shop.createTool({ name: 'Cassette' });

    const data = pageData((await page(`/parts/${part.id}`)).body);

    expect(data.shopUrl).toBe(TEST_SHOP_URL);
    expect(data.queries.queries.map((query) => query.queryKey)).toEqual([
      [['tools', 'byId'], { input: { id: part.id }, type: 'query' }],
      [['reviews', 'forPart'], { input: { toolsId: part.id, limit: 6 }, type: 'infinite' }],
      [['categories', 'trailOfPart'], { input: { id: part.id }, type: 'query' }],
      [['tools', 'compatibility'], { input: { id: part.id }, type: 'query' }],
      [['tools', 'related'], { input: { id: part.id }, type: 'query' }],
    ]);
    expect(data.queries.queries[0]!.state.data).toMatchObject({ _id: part.id, name: 'Cassette', price: 12.5 });
  });

  it('carries the gallery’s first picture, a thumbnail of each and the specifications table in the HTML itself', async () => {
    const part = await shop.createTool({
      name: 'Crankset',
      specifications: [
        { name: 'Weight', value: '620 g' },
        { name: 'Material', value: 'Forged <alloy>' },
      ],
    });
    const admin = await shop.createUser('admin');
    const form = await shop.caller(admin.user).tools.adminById({ id: part.id });
    await shop.caller(admin.user).tools.update({
      ...form,
      id: part.id,
      availableWas: form.available,
      images: [
        { path: form.img, alt: 'The crankset from the drive side' },
        { path: '/images/parts/handlebars.svg', alt: 'The crank arm close up' },
      ],
    });

    const html = (await page(`/parts/${part.id}`)).body;

    // The main picture, eager, with its size; then both thumbnails, lazy, named by their alt text.
    expect(html).toMatch(
      /<img src="\/images\/parts\/placeholder.svg" alt="The crankset from the drive side" width="800" height="800" loading="eager"/,
    );
    expect(html).toMatch(
      /<button type="button" aria-pressed="true"[^>]*><img src="\/images\/parts\/placeholder.svg" alt="The crankset from the drive side" width="80" height="80" loading="lazy"/,
    );
    expect(html).toMatch(
      /<button type="button" aria-pressed="false"[^>]*><img src="\/images\/parts\/handlebars.svg" alt="The crank arm close up" width="80" height="80" loading="lazy"/,
    );
    expect(html).toContain('>Specifications</h2>');
    expect(html).toMatch(/<th scope="row"[^>]*>Weight<\/th><td[^>]*>620 g<\/td>/);
    expect(html).toMatch(/<th scope="row"[^>]*>Material<\/th><td[^>]*>Forged &lt;alloy&gt;<\/td>/);
    const [product] = structuredData(html);
    expect(product).toMatchObject({
      image: [`${TEST_SHOP_URL}/images/parts/placeholder.svg`, `${TEST_SHOP_URL}/images/parts/handlebars.svg`],
    });
  });

  it('lists the standards the part fits in the HTML itself, and says when it fits every bike', async () => {
    const chain = await shop.createTool({ name: 'Chain', compatibility: { speeds: ['11', '12'], freehub: ['sram-xdr'] } });
    const html = (await page(`/parts/${chain.id}`)).body;
    expect(html).toContain('>Compatibility</h2>');
    expect(html).toMatch(/<dt[^>]*>Speeds<\/dt><dd[^>]*>11, 12<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Freehub body<\/dt><dd[^>]*>SRAM XDR<\/dd>/);

    const tool = await shop.createTool({ name: 'Chain tool' });
    expect((await page(`/parts/${tool.id}`)).body).toContain(messages.fitsEveryBike);
  });

  it('carries its related parts, with their links, prices and ratings, in the HTML itself', async () => {
    const [category] = await shop.database.db.insert(categories).values({ name: 'Stems', slug: 'rendered-stems' }).returning();
    const part = await shop.createTool({ name: 'Quill stem', categoryId: category!.id });
    const near = await shop.createTool({ name: 'Threadless stem', priceCents: 27_50, categoryId: category!.id });
    await shop.caller((await shop.createUser()).user).reviews.create({ rating: 4, text: 'Stiff.', toolsId: near.id });

    const html = (await page(`/parts/${part.id}`)).body;

    const section = html.slice(html.indexOf('id="related-parts-heading"'));
    expect(section).toContain('>Related parts</h2>');
    expect(section).toContain(`href="/parts/${near.id}"`);
    expect(section).toContain('>Threadless stem</a>');
    expect(section).toContain('$27.50');
    expect(section).toContain('aria-label="Rated 4 out of 5 from 1 review"');
  });

  it('describes the part as a schema.org Product with its offer and rating, and the breadcrumb Home › part', async () => {
    const part = await shop.createTool({ name: 'Stem', priceCents: 24_90, available: 7, minimumOrderQuantity: 2 });
    const reviewer = await shop.createUser();
    await shop.caller(reviewer.user).reviews.create({ rating: 5, text: 'Stiff and light.', toolsId: part.id });
    await shop.caller((await shop.createUser()).user).reviews.create({ rating: 4, text: 'Good value.', toolsId: part.id });

    const [product, breadcrumbs] = structuredData((await page(`/parts/${part.id}`)).body);

    const url = `${TEST_SHOP_URL}/parts/${part.id}`;
    expect(product).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Stem',
      description: 'A sturdy test part used by the automated suites to prove the rules.',
      image: [`${TEST_SHOP_URL}/images/parts/placeholder.svg`],
      sku: part.id,
      url,
      offers: { '@type': 'Offer', url, price: '24.90', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
    });
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${TEST_SHOP_URL}/` },
        { '@type': 'ListItem', position: 2, name: 'Stem', item: url },
      ],
    });
  });

  it('offers a part below its minimum order as out of stock, and names no rating before any review', async () => {
    const part = await shop.createTool({ available: 1, minimumOrderQuantity: 5 });

    const [product] = structuredData((await page(`/parts/${part.id}`)).body);

    expect(product?.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(product).not.toHaveProperty('aggregateRating');
  });

  it('gives a part that comes in options one offer per option, each with its SKU, price, stock and address', async () => {
    const admin = await shop.createUser('admin');
    const part = await shop.createTool({ name: 'Cassette', priceCents: 49_00, available: 40, optionValues: { speeds: '11' } });
    await shop.caller(admin.user).tools.addVariant({
      partId: part.id,
      optionValues: { speeds: '12' },
      sku: 'CS-JSONLD-12',
      price: 69,
      available: 0,
      minimumOrderQuantity: 1,
    });

    const [product] = structuredData((await page(`/parts/${part.id}`)).body);

    const url = `${TEST_SHOP_URL}/parts/${part.id}`;
    expect(product?.offers).toEqual([
      {
        '@type': 'Offer',
        url,
        sku: part.id,
        name: 'Cassette — 11 speeds',
        price: '49.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
      {
        '@type': 'Offer',
        url: `${url}?variant=CS-JSONLD-12`,
        sku: 'CS-JSONLD-12',
        name: 'Cassette — 12 speeds',
        price: '69.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/OutOfStock',
      },
    ]);
  });

  it('keeps a hostile name and description inside their data, in the JSON-LD and the page data alike', async () => {
    const name = '</script><script>alert(1)</script> <!-- Bar';
    const description = 'Ends early? </SCRIPT><img src=x onerror=alert(2)> & \u2028 done';
    const part = await shop.createTool({ name, description });

    const html = (await page(`/parts/${part.id}`)).body;

    expect(inlineScriptsThatRun(html)).toEqual([]);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html.toLowerCase().split('</script>')).toHaveLength(4); // the module script, the JSON-LD, the page data
    const [product] = structuredData(html);
    expect(product).toMatchObject({ name, description });
    expect(pageData(html).queries.queries[0]!.state.data).toMatchObject({ name, description });
    expect(decoded(headTag(html, /<title>([^<]*)<\/title>/) ?? '')).toBe(`${name} | Sprocket`);
  });

  it.each([
    ['an unknown part', '/parts/00000000-0000-4000-8000-00000000dead'],
    ['a malformed part id', '/parts/not-a-part'],
  ])('answers 404 with the part-not-found page for %s', async (_case, url) => {
    const answer = await page(url);

    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<title>Part not found | Sprocket</title>');
    expect(answer.body).toContain(messages.partGone);
    // The refusal goes with the page, so the browser shows the same page without asking again.
    const [byId] = pageData(answer.body).queries.queries;
    expect(byId?.queryKey).toEqual([['tools', 'byId'], expect.anything()]);
    expect(byId?.state).toMatchObject({ status: 'error', error: { data: { httpStatus: expect.any(Number) as number } } });
  });

  it('answers 404 for a hidden part and a retired one, as if they never were', async () => {
    const hidden = await shop.createTool({ hidden: true });
    const retired = await shop.createTool({ removedAt: new Date() });

    for (const part of [hidden, retired]) {
      const answer = await page(`/parts/${part.id}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toContain(messages.partGone);
      expect(answer.body).not.toContain(part.name);
    }
  });
});

describe("a part page's breadcrumb", () => {
  it('runs Home › its categories › the part, each at its own address', async () => {
    const write = shop.caller((await shop.createUser('admin')).user).categories;
    const top = await write.create({ name: 'Crumb Drivetrain', slug: 'crumb-drivetrain' });
    const cassettes = await write.create({ name: 'Crumb Cassettes', slug: 'crumb-cassettes', parentId: top.id });
    const part = await shop.createTool({ name: 'Crumb Cassette', categoryId: cassettes.id });

    const [, breadcrumbs] = structuredData((await page(`/parts/${part.id}`)).body);

    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${TEST_SHOP_URL}/` },
        { '@type': 'ListItem', position: 2, name: 'Crumb Drivetrain', item: `${TEST_SHOP_URL}/categories/crumb-drivetrain` },
        { '@type': 'ListItem', position: 3, name: 'Crumb Cassettes', item: `${TEST_SHOP_URL}/categories/crumb-cassettes` },
        { '@type': 'ListItem', position: 4, name: 'Crumb Cassette', item: `${TEST_SHOP_URL}/parts/${part.id}` },
      ],
    });
  });
});

describe('a category page', () => {
  /** Ridge Drivetrain › Ridge Cassettes, a part in each, one dear, and a hidden one. */
  async function ridge() {
    const write = shop.caller((await shop.createUser('admin')).user).categories;
    const top = await write.create({ name: 'Ridge Drivetrain', slug: 'ridge-drivetrain' });
    const cassettes = await write.create({ name: 'Ridge Cassettes', slug: 'ridge-cassettes', parentId: top.id });
    const cheap = await shop.createTool({ name: 'Ridge Cassette', priceCents: 20_00, categoryId: cassettes.id });
    const dear = await shop.createTool({ name: 'Ridge Titanium Cassette', priceCents: 90_00, categoryId: cassettes.id });
    const hidden = await shop.createTool({ name: 'Ridge Secret Cassette', hidden: true, categoryId: cassettes.id });
    return { top, cassettes, cheap, dear, hidden };
  }
  let tree: Awaited<ReturnType<typeof ridge>>;
  beforeAll(async () => {
    tree = await ridge();
  });

  it('carries its parts, its own title, description, canonical address and Open Graph tags', async () => {
    const answer = await page('/categories/ridge-cassettes');

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    const html = answer.body;
    const url = `${TEST_SHOP_URL}/categories/ridge-cassettes`;
    expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1])).toEqual(['Ridge Cassettes | Sprocket']);
    const description = 'Ridge Cassettes in Ridge Drivetrain at Sprocket: 2 parts from $20.00 to $90.00, booked by the batch.';
    expect(decoded(metaContent(html, 'description') ?? '')).toBe(description);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain(SITE_DESCRIPTION);
    expect(headTag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(url);
    expect(metaContent(html, 'og:title')).toBe('Ridge Cassettes');
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:url')).toBe(url);
    // Readable without scripts: the heading, the parts with their links, the filters as a GET form.
    expect(html).toContain('>Ridge Cassettes</h1>');
    expect(html).toContain(`href="/parts/${tree.cheap.id}"`);
    expect(html).toContain(`href="/parts/${tree.dear.id}"`);
    expect(html).not.toContain('Ridge Secret Cassette');
    expect(html).toMatch(/<form aria-label="Filter the parts"[^>]* method="get"/);
    expect(inlineScriptsThatRun(html)).toEqual([]);
  });

  it('describes its breadcrumb and the parts it shows as schema.org data', async () => {
    const html = (await page('/categories/ridge-cassettes')).body;

    const [breadcrumbs, parts] = structuredData(html);
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${TEST_SHOP_URL}/` },
        { '@type': 'ListItem', position: 2, name: 'Ridge Drivetrain', item: `${TEST_SHOP_URL}/categories/ridge-drivetrain` },
        { '@type': 'ListItem', position: 3, name: 'Ridge Cassettes', item: `${TEST_SHOP_URL}/categories/ridge-cassettes` },
      ],
    });
    expect(parts).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Ridge Cassettes',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Ridge Cassette', url: `${TEST_SHOP_URL}/parts/${tree.cheap.id}` },
        { '@type': 'ListItem', position: 2, name: 'Ridge Titanium Cassette', url: `${TEST_SHOP_URL}/parts/${tree.dear.id}` },
      ],
    });
  });

  it('gives the browser the page under the key its hook asks with', async () => {
    const data = pageData((await page('/categories/ridge-drivetrain')).body);

    expect(data.queries.queries.map((query) => query.queryKey)).toEqual([
      [['categories', 'page'], { input: { slug: 'ridge-drivetrain', sort: 'catalogue', inStock: false, limit: 6 }, type: 'infinite' }],
    ]);
  });

  it('applies the filters in its address, keeping the category as the canonical address', async () => {
    const html = (await page('/categories/ridge-drivetrain?sort=price-desc&min=10&max=50&inStock=1&utm_source=mail')).body;

    expect(headTag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${TEST_SHOP_URL}/categories/ridge-drivetrain`);
    expect(metaContent(html, 'og:url')).toBe(`${TEST_SHOP_URL}/categories/ridge-drivetrain`);
    expect(html).toContain('Ridge Cassette');
    expect(html).not.toContain('Ridge Titanium Cassette');
    expect(pageData(html).queries.queries[0]!.queryKey).toEqual([
      ['categories', 'page'],
      {
        input: { slug: 'ridge-drivetrain', sort: 'price-desc', inStock: true, minPrice: 10, maxPrice: 50, limit: 6 },
        type: 'infinite',
      },
    ]);
  });

  it('reads filter values it cannot use as no filter, and still answers the page', async () => {
    const answer = await page('/categories/ridge-cassettes?sort=cheapest&min=abc&max=-5&inStock=yes&min=1e999');

    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Ridge Titanium Cassette');
    expect(pageData(answer.body).queries.queries[0]!.queryKey).toEqual([
      ['categories', 'page'],
      { input: { slug: 'ridge-cassettes', sort: 'catalogue', inStock: false, limit: 6 }, type: 'infinite' },
    ]);
  });

  it.each([
    ['an unknown category', '/categories/no-such-category'],
    ['a malformed slug', '/categories/Not_A_Slug%21'],
  ])('answers 404 with the not-found page for %s', async (_case, url) => {
    const answer = await page(url);

    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<title>Category not found | Sprocket</title>');
    expect(answer.body).toContain(messages.notFoundPage);
    expect(answer.body).toContain(messages.categoryNotFound);
    const [read] = pageData(answer.body).queries.queries;
    expect(read?.state).toMatchObject({ status: 'error', error: { data: { httpStatus: expect.any(Number) as number } } });
  });

  it('keeps hostile category and part names inside their data', async () => {
    const name = '</script><script>alert(1)</script> <!-- Cat';
    const partName = 'Ends early? </SCRIPT><img src=x onerror=alert(2)> & \u2028 done';
    const write = shop.caller((await shop.createUser('admin')).user).categories;
    const parent = await write.create({ name, slug: 'hostile-category' });
    const category = await write.create({ name: `${name} child`, slug: 'hostile-child', parentId: parent.id });
    await shop.createTool({ name: partName, categoryId: category.id });

    const html = (await page('/categories/hostile-child')).body;

    expect(inlineScriptsThatRun(html)).toEqual([]);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html.toLowerCase().split('</script>')).toHaveLength(4); // the module script, the JSON-LD, the page data
    const [breadcrumbs, parts] = structuredData(html);
    expect(JSON.stringify(breadcrumbs)).toContain(JSON.stringify(name).slice(1, -1));
    expect(parts).toMatchObject({ itemListElement: [{ name: partName }] });
    expect(decoded(headTag(html, /<title>([^<]*)<\/title>/) ?? '')).toBe(`${name} child | Sprocket`);
  });
});

describe('home', () => {
  it.each(['/', '/home'])('%s carries the catalogue, its own title, description, canonical address and data', async (url) => {
    await shop.createTool();

    const answer = await page(url);

    expect(answer.statusCode).toBe(200);
    const html = answer.body;
    expect(headTag(html, /<title>([^<]*)<\/title>/)).toBe('Bicycle parts, booked by the batch | Sprocket');
    expect(metaContent(html, 'description')).toMatch(/^Sprocket makes bicycle parts/);
    expect(headTag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${TEST_SHOP_URL}/`);
    expect(metaContent(html, 'og:type')).toBe('website');
    const { queries } = pageData(html).queries;
    const keys = queries.map((query) => query.queryKey);
    expect(keys).toContainEqual([['tools', 'list'], { input: { limit: 6 }, type: 'infinite' }]);
    const catalogue = queries.find(
      (query) => JSON.stringify(query.queryKey).includes('"list"') && JSON.stringify(query.queryKey).includes('tools'),
    );
    const firstPage = (catalogue?.state.data as { pages: Array<{ items: Array<{ _id: string; name: string }> }> }).pages[0]!.items;
    expect(firstPage.length).toBeGreaterThan(0);
    for (const part of firstPage) expect(html).toContain(`href="/parts/${part._id}"`);
    expect(keys).toContainEqual([['reviews', 'list'], { input: { limit: 6 }, type: 'infinite' }]);
    expect(html).not.toContain('data-prerendered');
  });

  it('renders a shared search with the parts it finds', async () => {
    await shop.createTool({ name: 'Findable derailleur' });

    const html = (await page('/home?q=findable')).body;

    expect(html).toContain('Findable derailleur');
    const keys = pageData(html).queries.queries.map((query) => query.queryKey);
    expect(keys).toContainEqual([
      ['tools', 'search'],
      { input: { q: 'findable', sort: 'relevance', inStock: false, limit: 6 }, type: 'infinite' },
    ]);
  });
});

describe('an address with no page', () => {
  it('answers 404 with the not-found page, whole, to a browser', async () => {
    const answer = await page('/no/such/page');

    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain(messages.notFoundPage);
    expect(answer.body).toContain('<title>Not found | Sprocket</title>');
    expect(answer.body).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    expect(pageData(answer.body).queries.queries).toEqual([]);
  });

  it('answers the JSON 404 to a client that does not ask for HTML', async () => {
    const answer = await app.inject({ url: '/no/such/file.png', headers: { accept: 'image/*' } });

    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('leaves the pages the browser draws alone as they were: the shell, 200', async () => {
    for (const url of ['/dashboard', '/cart', '/checkout', `/orders/00000000-0000-4000-8000-000000000001`]) {
      const answer = await page(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(template);
    }
  });
});

describe('a page whose data cannot be read now', () => {
  it("goes as the app's shell, which shows the failure itself", async () => {
    const { renderPage } = await import('../../client/page-render');
    const failing = await buildApp(shop.deps, {
      ping: shop.database.ping,
      clientDir,
      pageRenderer: {
        renderPage: (request) =>
          renderPage({
            ...request,
            read: (path, input) =>
              path === 'reviews.list' ? Promise.reject(new Error('the database is away')) : request.read(path, input),
          }),
      },
      runtimeConfig: {
        firebase: TEST_FIREBASE_WEB_CONFIG,
        payments: { mode: 'emulator', publishableKey: TEST_STRIPE_KEYS.publishableKey, apiBase: shop.payments.url },
      },
    });
    try {
      const answer = await failing.inject({ url: '/home', headers: { accept: 'text/html' } });

      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(template);
    } finally {
      await failing.close();
    }
  });
});
