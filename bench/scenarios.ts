// What the benchmark measures: each scenario is one request the storefront's pages make (the
// URLs are those the browser's httpBatchLink sends), with its targets; and the abuse an anonymous
// visitor can send, which must cost no lasting memory.
import type { LoadSpec } from './load';

export interface Target {
  /** Requests per second as a fraction of the floor's (a bare Fastify route sending the same bytes). */
  rpsRatio?: number;
  /** Requests per second, absolute (or `unit`s per second). */
  rps?: number;
  /** What `rps` counts when a row's unit is not one request (default 'req'). */
  unit?: string;
  p99Ms?: number;
}

export interface Scenario {
  name: string;
  title: string;
  method: 'GET' | 'POST';
  path: string;
  bodies?: string[];
  authorizations?: string[];
  /** Paths taken in turn instead of `path` (which the warm-up and the floor use). */
  paths?: string[];
  /** A fixed number of requests instead of a duration. */
  amount?: number;
  /** Statuses that are correct answers; anything else counts as an error. */
  expectedStatuses: string[];
  target?: Target;
  /** Compare with the floor (not where the answers differ from one request to the next). */
  compareWithBare: boolean;
  /** Every read must load: the run counts the read cache's hits during the load (GET /metrics). */
  uncached?: boolean;
}

export interface ScenarioData {
  customerTokens: string[];
  bookerTokens: string[];
  adminToken: string;
  bookablePartIds: string[];
  pagePartIds: string[];
  hotPartId: string;
  hotStock: number;
}

/** A first page as useInfiniteQuery asks for it, in a batch of one as httpBatchLink sends it. */
function firstPage(procedure: string, limit: number): string {
  const input = encodeURIComponent(JSON.stringify({ 0: { limit, direction: 'forward' } }));
  return `/trpc/${procedure}?batch=1&input=${input}`;
}

/** A call as useQuery sends it: a batch of one with the input as given. */
export function query(procedure: string, input: unknown): string {
  return `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;
}

/** An admin list's first page as its page asks for it, with the filters the page's URL carries. */
function adminPage(procedure: string, filters: Record<string, string>): string {
  return query(procedure, { limit: 50, ...filters, direction: 'forward' });
}

/** A catalogue search's first page as the home grid asks for it. */
function searchPage(search: { q: string; sort: string; inStock: boolean }): string {
  return query('tools.search', { ...search, limit: 6, direction: 'forward' });
}

const GRAVEL_BIKE = { speeds: '12', freehub: 'sram-xdr', wheelSize: '622', brakeType: 'disc' };
const CATEGORY_SORTS = ['catalogue', 'newest', 'price-asc', 'price-desc'];
/** Every bike of speeds × freehub body × wheel size × brakes: 294 bikes, 1,176 pages with the orders. */
const FITS_BIKES = ['7', '8', '9', '10', '11', '12', '13'].flatMap((speeds) =>
  ['shimano-hg', 'shimano-hg-road-11', 'microspline', 'sram-xd', 'sram-xdr', 'campagnolo', 'campagnolo-n3w'].flatMap((freehub) =>
    ['622', '584', '559'].flatMap((wheelSize) => ['rim', 'disc'].map((brakeType) => ({ speeds, freehub, wheelSize, brakeType }))),
  ),
);

/** Drivetrain's first page as the category page asks for it, filtered to a bike (docs/decisions/0048). */
function categoryFitsPage(bike: Record<string, string>, sort: string): string {
  return query('categories.page', { slug: 'drivetrain', sort, inStock: false, fits: bike, limit: 6, direction: 'forward' });
}

function bookingBody(toolsId: string): string {
  return JSON.stringify({ 0: { toolsId, amount: 1, phone: '5550100', address: '1 Benchmark Way' } });
}

export function readScenarios(data: ScenarioData): Scenario[] {
  const bearer = (token: string) => `Bearer ${token}`;
  const partId = data.bookablePartIds[0] ?? data.hotPartId;
  return [
    {
      name: 'floor',
      title: 'Floor: GET /health (what every request pays)',
      method: 'GET',
      path: '/health',
      expectedStatuses: ['200'],
      compareWithBare: true,
    },
    {
      name: 'catalog-trpc',
      title: 'Catalog, first page (tRPC tools.list)',
      method: 'GET',
      path: firstPage('tools.list', 6),
      expectedStatuses: ['200'],
      target: { rpsRatio: 0.4, p99Ms: 25 },
      compareWithBare: true,
    },
    {
      name: 'catalog-rest',
      title: 'Catalog (REST GET /tools)',
      method: 'GET',
      path: '/tools',
      expectedStatuses: ['200'],
      target: { rpsRatio: 0.5, p99Ms: 25 },
      compareWithBare: true,
    },
    {
      name: 'reviews',
      title: 'Reviews with count (tRPC reviews.list)',
      method: 'GET',
      path: firstPage('reviews.list', 6),
      expectedStatuses: ['200'],
      target: { rpsRatio: 0.3 },
      compareWithBare: true,
    },
    {
      name: 'part',
      title: 'A part page: the part (tRPC tools.byId)',
      method: 'GET',
      path: query('tools.byId', { id: partId }),
      expectedStatuses: ['200'],
      compareWithBare: true,
    },
    {
      name: 'part-uncached',
      title: `A part page: the part, ${data.pagePartIds.length.toLocaleString('en')} parts in turn, never kept (tRPC tools.byId)`,
      method: 'GET',
      path: query('tools.byId', { id: data.pagePartIds[0] }),
      paths: data.pagePartIds.map((id) => query('tools.byId', { id })),
      expectedStatuses: ['200'],
      target: { rpsRatio: 0.25 },
      compareWithBare: true,
      uncached: true,
    },
    {
      name: 'part-reviews',
      title: 'A part page: its reviews and rating (tRPC reviews.forPart)',
      method: 'GET',
      path: query('reviews.forPart', { toolsId: partId, limit: 6, direction: 'forward' }),
      expectedStatuses: ['200'],
      compareWithBare: true,
    },
    {
      name: 'search',
      title: 'Search "cassette", best match first (tRPC tools.search)',
      method: 'GET',
      path: searchPage({ q: 'cassette', sort: 'relevance', inStock: false }),
      expectedStatuses: ['200'],
      compareWithBare: true,
    },
    {
      name: 'catalog-sorted',
      title: 'Parts in stock, cheapest first (tRPC tools.search)',
      method: 'GET',
      path: searchPage({ q: '', sort: 'price-asc', inStock: true }),
      expectedStatuses: ['200'],
      compareWithBare: true,
    },
    {
      name: 'category-filtered',
      title: 'Drivetrain, in stock, $20 to $60, cheapest first (tRPC categories.page)',
      method: 'GET',
      path: query('categories.page', {
        slug: 'drivetrain',
        sort: 'price-asc',
        inStock: true,
        minPrice: 20,
        maxPrice: 60,
        limit: 6,
        direction: 'forward',
      }),
      expectedStatuses: ['200'],
      compareWithBare: true,
    },
    {
      name: 'category-fits',
      title: 'Drivetrain, parts that fit a 12-speed XDR gravel bike (tRPC categories.page)',
      method: 'GET',
      path: categoryFitsPage(GRAVEL_BIKE, 'catalogue'),
      expectedStatuses: ['200'],
      compareWithBare: true,
    },
    {
      name: 'category-fits-uncached',
      title: `Drivetrain, parts that fit one of ${FITS_BIKES.length.toLocaleString('en')} bikes in turn, never kept (tRPC categories.page)`,
      method: 'GET',
      path: categoryFitsPage(GRAVEL_BIKE, 'catalogue'),
      paths: FITS_BIKES.flatMap((bike) => CATEGORY_SORTS.map((sort) => categoryFitsPage(bike, sort))),
      expectedStatuses: ['200'],
      compareWithBare: true,
      uncached: true,
    },
    {
      name: 'orders',
      title: "A customer's orders (tRPC bookings.mine)",
      method: 'GET',
      path: firstPage('bookings.mine', 50),
      authorizations: data.customerTokens.map(bearer),
      expectedStatuses: ['200'],
      target: { rpsRatio: 0.2, p99Ms: 25 },
      compareWithBare: true,
    },
    {
      name: 'orders-admin',
      title: 'All orders, admin (tRPC bookings.all)',
      method: 'GET',
      path: firstPage('bookings.all', 50),
      authorizations: [bearer(data.adminToken)],
      expectedStatuses: ['200'],
      compareWithBare: true,
    },
    ...adminListScenarios(bearer(data.adminToken)),
    {
      name: 'junk',
      title: '20,000 distinct junk URLs and oversized batches (memory: see the memory row)',
      method: 'GET',
      path: firstPage('tools.list', 6),
      paths: junkPaths(20_000),
      expectedStatuses: ['200', '400'],
      compareWithBare: false,
    },
  ];
}

/** The admin lists' first pages: plain, filtered and searched (docs/decisions/0024). */
function adminListScenarios(authorization: string): Scenario[] {
  const lists: Array<[name: string, title: string, procedure: string, filters: Record<string, string>]> = [
    ['orders-admin-paid', 'All orders, admin, paid only', 'bookings.all', { status: 'paid' }],
    ['orders-admin-expired', 'All orders, admin, expired only', 'bookings.all', { status: 'expired' }],
    ['orders-admin-oldest', 'All orders, admin, oldest first', 'bookings.all', { sort: 'oldest' }],
    ['orders-admin-email', 'All orders, admin, search "bench-7@" (email)', 'bookings.all', { q: 'bench-7@' }],
    ['orders-admin-name', 'All orders, admin, search "Bench Customer 7" (name)', 'bookings.all', { q: 'Bench Customer 7' }],
    ['orders-admin-number', 'All orders, admin, search "#100" (order number)', 'bookings.all', { q: '#100' }],
    ['orders-admin-paid-email', 'All orders, admin, paid, search "bench-7@"', 'bookings.all', { status: 'paid', q: 'bench-7@' }],
    ['users-admin', 'Users, admin', 'users.list', {}],
    ['users-admin-search', 'Users, admin, search "booker-42"', 'users.list', { q: 'booker-42' }],
    ['audit-admin', 'Audit log, admin', 'users.auditLog', {}],
    ['audit-admin-actor', 'Audit log, admin, search "helper@" (actor)', 'users.auditLog', { q: 'helper@' }],
    ['audit-admin-action', 'Audit log, admin, search "order.ship" (action)', 'users.auditLog', { q: 'order.ship' }],
    ['audit-admin-subject', 'Audit log, admin, search "Bench part 7 " (subject)', 'users.auditLog', { q: 'Bench part 7 ' }],
  ];
  return lists.map(([name, title, procedure, filters]) => ({
    name,
    title: `${title} (tRPC ${procedure})`,
    method: 'GET',
    path: adminPage(procedure, filters),
    authorizations: [authorization],
    expectedStatuses: ['200'],
    compareWithBare: true,
  }));
}

/**
 * What an anonymous visitor can send to fill a cache keyed by the raw URL: the catalogue and the
 * reviews with junk query parameters and junk input fields, and batches far over the limit.
 */
function junkPaths(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const junk = `${index}-${Math.random().toString(36).slice(2)}`;
    switch (index % 4) {
      case 0:
        return `${firstPage('tools.list', 6)}&junk=${junk}`;
      case 1:
        return `/trpc/reviews.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { limit: 6, junk } }))}`;
      case 2:
        return `/tools?limit=6&junk=${junk}`;
      default:
        return `/trpc/${Array.from({ length: 30 }, () => 'tools.list').join(',')}?batch=1&junk=${junk}`;
    }
  });
}

export function bookingScenarios(data: ScenarioData): Scenario[] {
  const bearer = (token: string) => `Bearer ${token}`;
  return [
    {
      name: 'booking-many',
      title: 'Booking across 200 parts (tRPC bookings.create)',
      method: 'POST',
      path: '/trpc/bookings.create?batch=1',
      bodies: data.bookablePartIds.map(bookingBody),
      authorizations: data.bookerTokens.map(bearer),
      expectedStatuses: ['200'],
      target: { rps: 1000 },
      compareWithBare: true,
    },
    {
      name: 'booking-hot',
      title: `Booking one hot part, stock ${data.hotStock}, ${data.hotStock * 3} tries`,
      method: 'POST',
      path: '/trpc/bookings.create?batch=1',
      bodies: [bookingBody(data.hotPartId)],
      authorizations: data.bookerTokens.map(bearer),
      amount: data.hotStock * 3,
      expectedStatuses: ['200', '409'],
      compareWithBare: false,
    },
  ];
}

export function loadSpec(scenario: Scenario, baseUrl: string, path: string, connections: number, duration: number): LoadSpec {
  return {
    url: `${baseUrl}${path}`,
    method: scenario.method,
    connections,
    duration,
    ...(scenario.amount ? { amount: scenario.amount } : {}),
    ...(scenario.bodies ? { bodies: scenario.bodies } : {}),
    ...(scenario.authorizations ? { authorizations: scenario.authorizations } : {}),
    ...(scenario.paths ? { paths: scenario.paths } : {}),
  };
}
