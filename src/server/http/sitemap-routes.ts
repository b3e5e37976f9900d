// What search engines read first: GET /robots.txt (the shop is open to them, the dashboard and the
// API are not) and GET /sitemap.xml, a sitemap index (sitemaps.org) naming /sitemaps/pages.xml
// (home and every category's page: tens or hundreds, never near the protocol's limit) and one /sitemaps/parts-N.xml per range of PARTS_PER_SITEMAP catalogue positions, so
// that no sitemap lists more than the protocol's 50,000 addresses however many parts there are.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escape } from 'html-escaper';
import { errorBody } from './error-response';
import { readCategories } from '../domains/catalogue/category-tree';
import { lastListedSeq, listedPartIdsInRange } from '../domains/catalogue/sitemap-parts';
import type { Database } from '../db/database';

/** The protocol's most addresses in one sitemap. */
const PARTS_PER_SITEMAP = 50_000;

/**
 * Crawlers and CDNs may keep these a few minutes: a new part appears in the sitemap that soon, and
 * a hidden one is gone from it that soon (its page already answers 404).
 */
const SITEMAP_CACHE_CONTROL = 'public, max-age=300';

/**
 * Paths no crawler has business in: the signed-in pages, and the machine interfaces (tRPC, the
 * REST paths of SPEC.md §7, the browser's configuration and reports). A rule is a path prefix.
 */
const DISALLOWED_PATHS = [
  '/dashboard',
  '/checkout',
  '/orders/',
  '/cart',
  '/trpc/',
  '/tools',
  '/review',
  '/booking',
  '/user',
  '/admin/',
  '/deleted',
  '/create-payment-intent',
  '/config.json',
  '/vitals',
  '/metrics',
];

export function registerSitemapRoutes(app: FastifyInstance, db: Database, shopUrl: string): void {
  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${shopUrl}/sitemap.xml`,
      '',
    ];
    return sendCached(reply, 'text/plain; charset=utf-8', lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const partSitemaps = Math.ceil((await lastListedSeq(db)) / PARTS_PER_SITEMAP);
    const locations = [`${shopUrl}/sitemaps/pages.xml`];
    for (let number = 1; number <= partSitemaps; number++) locations.push(`${shopUrl}/sitemaps/parts-${number}.xml`);
    const body = locations.map((location) => `<sitemap><loc>${escape(location)}</loc></sitemap>`).join('');
    return sendCached(reply, 'application/xml; charset=utf-8', xmlDocument('sitemapindex', body));
  });

  app.get('/sitemaps/pages.xml', async (_request, reply) => {
    const categoryPages = (await readCategories(db)).map((category) => `${shopUrl}/categories/${category.slug}`);
    return sendCached(reply, 'application/xml; charset=utf-8', urlSet([`${shopUrl}/`, ...categoryPages]));
  });

  app.get<{ Params: { number: string } }>('/sitemaps/parts-:number.xml', async (request, reply) => {
    const number = /^[1-9]\d{0,6}$/.test(request.params.number) ? Number(request.params.number) : 0;
    // An error as every other path answers one: JSON with its code and sentence.
    if (number === 0) return reply.status(404).send(errorBody('NOT_FOUND', 'No such sitemap.'));
    const ids = await listedPartIdsInRange(db, (number - 1) * PARTS_PER_SITEMAP, number * PARTS_PER_SITEMAP);
    // A range past the last part is not an error of the crawler's making to hide: it is simply empty.
    return sendCached(reply, 'application/xml; charset=utf-8', urlSet(ids.map((id) => `${shopUrl}/parts/${id}`)));
  });
}

function urlSet(locations: readonly string[]): string {
  return xmlDocument('urlset', locations.map((location) => `<url><loc>${escape(location)}</loc></url>`).join(''));
}

function xmlDocument(root: 'urlset' | 'sitemapindex', body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</${root}>\n`;
}

function sendCached(reply: FastifyReply, type: string, body: string): FastifyReply {
  return reply.header('cache-control', SITEMAP_CACHE_CONTROL).type(type).send(body);
}
