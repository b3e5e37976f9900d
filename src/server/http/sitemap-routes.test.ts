// What crawlers read: robots.txt opens the shop and closes the dashboard and the API, and names the
// sitemap; the sitemap index names one page per range of 50,000 catalogue positions; each page
// lists every part a visitor can open there, and no hidden or retired one; the pages sitemap lists
// home and every category's page.
import { sql } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { TEST_SHOP_URL } from '../testing/test-shop';
import { tools } from '../db/schema';
import { listedPartIdsInRange } from '../domains/catalogue/sitemap-parts';

function locationsIn(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
}

describe('robots.txt', () => {
  test('lets crawlers into the shop, keeps them out of the dashboard and the API, and names the sitemap', async ({ shop }) => {
    const answer = await shop.app.inject({ url: '/robots.txt' });

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    const lines = answer.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /trpc/']));
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /tools', 'Disallow: /booking', 'Disallow: /user']));
    expect(lines).toContain(`Sitemap: ${TEST_SHOP_URL}/sitemap.xml`);
    expect(lines).not.toContain('Disallow: /parts/');
  });
});

describe('the sitemap', () => {
  test('lists home and every part in the shop, and no hidden or retired part', async ({ shop }) => {
    const shown = [await shop.createTool(), await shop.createTool()];
    const hidden = await shop.createTool({ hidden: true });
    const retired = await shop.createTool({ removedAt: new Date() });

    const index = await shop.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.headers['cache-control']).toBe('public, max-age=300');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locationsIn(index.body)).toEqual([`${TEST_SHOP_URL}/sitemaps/pages.xml`, `${TEST_SHOP_URL}/sitemaps/parts-1.xml`]);

    const pages = await shop.app.inject({ url: '/sitemaps/pages.xml' });
    expect(locationsIn(pages.body)).toEqual([`${TEST_SHOP_URL}/`]);

    const parts = await shop.app.inject({ url: '/sitemaps/parts-1.xml' });
    expect(parts.statusCode).toBe(200);
    expect(parts.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const listed = locationsIn(parts.body);
    for (const part of shown) expect(listed).toContain(`${TEST_SHOP_URL}/parts/${part.id}`);
    expect(listed).not.toContain(`${TEST_SHOP_URL}/parts/${hidden.id}`);
    expect(listed).not.toContain(`${TEST_SHOP_URL}/parts/${retired.id}`);
  });

  test('puts a part past the first 50,000 catalogue positions on the second page, and only there', async ({ shop }) => {
    const id = '00000000-0000-4000-8000-000000050001';
    await shop.database.db.execute(
      sql`insert into ${tools} (id, seq, name, img, price_cents, minimum_order_quantity, available, description)
          overriding system value
          values (${id}, 50001, 'Far part', '/images/parts/placeholder.svg', 100, 1, 1, 'A part far down the catalogue.')`,
    );

    const index = locationsIn((await shop.app.inject({ url: '/sitemap.xml' })).body);
    expect(index).toEqual([
      `${TEST_SHOP_URL}/sitemaps/pages.xml`,
      `${TEST_SHOP_URL}/sitemaps/parts-1.xml`,
      `${TEST_SHOP_URL}/sitemaps/parts-2.xml`,
    ]);
    expect(locationsIn((await shop.app.inject({ url: '/sitemaps/parts-2.xml' })).body)).toEqual([`${TEST_SHOP_URL}/parts/${id}`]);
    expect(locationsIn((await shop.app.inject({ url: '/sitemaps/parts-1.xml' })).body)).not.toContain(`${TEST_SHOP_URL}/parts/${id}`);
  });

  test('lists every category page, subcategories too, beside home', async ({ shop, admin }) => {
    const write = shop.caller(admin.user).categories;
    const top = await write.create({ name: 'Sitemap Drivetrain', slug: 'sitemap-drivetrain' });
    await write.create({ name: 'Sitemap Cassettes', slug: 'sitemap-cassettes', parentId: top.id });

    const pages = await shop.app.inject({ url: '/sitemaps/pages.xml' });

    expect(pages.statusCode).toBe(200);
    expect(locationsIn(pages.body)).toEqual([
      `${TEST_SHOP_URL}/`,
      `${TEST_SHOP_URL}/categories/sitemap-drivetrain`,
      `${TEST_SHOP_URL}/categories/sitemap-cassettes`,
    ]);
  });

  test('reads a range in batches without losing or repeating a part', async ({ shop }) => {
    const created = [await shop.createTool(), await shop.createTool(), await shop.createTool()];

    const ids = await listedPartIdsInRange(shop.deps.db, 0, 50_000, 2);

    expect(new Set(ids).size).toBe(ids.length);
    for (const part of created) expect(ids).toContain(part.id);
  });

  test.for(['/sitemaps/parts-0.xml', '/sitemaps/parts-x.xml', '/sitemaps/parts-01.xml'])(
    'answers 404 for %s',
    async (url, { shop }) => {
      expect((await shop.app.inject({ url })).statusCode).toBe(404);
    },
  );
});
