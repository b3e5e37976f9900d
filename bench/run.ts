// `npm run bench`: starts the storefront against a real Postgres and then PGlite, fills it,
// loads each scenario from a separate load-generator process (50 connections on loopback),
// measures the floor (a bare Fastify route sending the same bytes) in the same run, and prints one
// table. Writes the table into docs/performance.md and bench/results/latest.md (the record, committed), and
// the full figures into bench/results/<time>.json (not committed). The checkout rows (cart-add,
// checkout-quote, invoice, order-flow) pay through the payments emulator, run as a process of its own.
//
// Environment: BENCH_DATABASE_URL (an admin connection to Postgres; default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (per measurement, default 10),
// BENCH_DATABASES (postgres,pglite), BENCH_SCALE=0 to skip the 100,000-part scenario,
// BENCH_SCALE_DATABASES (the databases filled to scale: postgres unless given),
// BENCH_SCENARIOS (names, comma-separated: only these), BENCH_PROFILE (a directory: the server
// writes a V8 CPU profile there, for chrome://inspect or any .cpuprofile viewer).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createSessionTokens } from '../src/server/auth/session-tokens';
import { openPglite, openPostgres, type Database, type DatabaseHandle } from '../src/server/db/database';
import { startSession } from '../src/server/domains/accounts/sessions';
import { STANDALONE_SERVER_ENV } from '../src/server/testing/test-keys';
import { cartPartIds, fillCheckout, type CheckoutFill } from './checkout-fill';
import { CHECKOUT_ROW_NAMES, checkoutScenarios, type CheckoutData } from './checkout-scenarios';
import { fillDemoScale, fillScale, findFill, SCALE, type Filled } from './fill';
import type { LoadResult } from './load';
import { orderAndPay } from './order-flow';
import { measureOrderFlows, warmUpOrderFlows } from './order-flow-row';
import { runLoad, startAdapterServer, startBare, startPaymentsEmulator, startStorefront, type RunningProcess } from './processes';
import { renderMarkdown, renderTable, updatePerformancePage, type BenchReport, type DatabaseRun, type ScenarioResult } from './report';
import { bookingScenarios, loadSpec, readScenarios, type Scenario, type ScenarioData } from './scenarios';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
/** How long the server rests before each memory reading (rssAtRest). */
const REST_SECONDS = 30;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databases = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((kind) => kind.trim());
const withScale = process.env.BENCH_SCALE !== '0';
const scaleDatabases = (process.env.BENCH_SCALE_DATABASES ?? 'postgres').split(',').map((kind) => kind.trim());
const onlyScenarios = process.env.BENCH_SCENARIOS?.split(',').map((name) => name.trim());
const chosen = (scenario: Pick<Scenario, 'name'>) => !onlyScenarios || onlyScenarios.includes(scenario.name);
/** The calibration row's extra work per request, on top of the floor's. */
const BUSY_MICROSECONDS = 50;

/** Real (not emulated) identity and payments that are never called: the server starts alone. */
const METRICS_TOKEN = randomBytes(16).toString('hex');
const serverEnv = { ...STANDALONE_SERVER_ENV, ADMIN_EMAILS: 'admin@example.com', METRICS_TOKEN };

interface Target {
  kind: 'postgres' | 'pglite';
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}

async function main(): Promise<void> {
  const report: BenchReport = {
    startedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, loadBefore: loadavg(), loadAfter: [] },
    connections: CONNECTIONS,
    seconds: SECONDS,
    runs: [],
  };
  console.log(`bench: ${cpus().length} cores, load ${formatLoad(loadavg())}, ${SECONDS} s per measurement`);
  if (!onlyScenarios || onlyScenarios.includes('adapter')) report.runs.push(await benchAdapter());
  for (const kind of databases) {
    const target = kind === 'postgres' ? await postgresTarget() : pgliteTarget();
    try {
      report.runs.push(await benchDatabase(target));
      if (withScale && scaleDatabases.includes(kind)) report.runs.push(await benchScale(target, report.runs.at(-1)!));
    } finally {
      await target.drop();
    }
  }
  report.machine.loadAfter = loadavg();

  const table = renderTable(report);
  console.log(`\n${table}`);
  const resultsDir = new URL('results/', import.meta.url);
  mkdirSync(resultsDir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  writeFileSync(new URL(`${stamp}.json`, resultsDir), `${JSON.stringify(report, null, 2)}\n`);
  if (onlyScenarios)
    return console.log(`\nbench: figures in bench/results/${stamp}.json (a partial run: docs/performance.md untouched)`);
  writeFileSync(new URL('latest.md', resultsDir), renderMarkdown(report));
  updatePerformancePage(new URL('../docs/performance.md', import.meta.url), report);
  console.log(`\nbench: figures in bench/results/${stamp}.json and latest.md; docs/performance.md updated`);
}

async function benchDatabase(target: Target): Promise<DatabaseRun> {
  console.log(`\nbench: ${target.kind}: filling`);
  const handle = await target.open();
  // Sessions are rows too, opened while the database is still ours (PGlite has one owner at a time).
  const filled = await fillDemoScale(handle.db);
  const data = await scenarioData(handle.db, filled);
  const checkout = CHECKOUT_ROW_NAMES.some((name) => chosen({ name }))
    ? await checkoutData(handle.db, await fillCheckout(handle.db, filled.bookablePartIds))
    : null;
  await handle.close();

  const payments = checkout ? await startPaymentsEmulator() : null;
  try {
    return await measureDatabase(target, data, checkout && payments ? { data: checkout, payments } : null);
  } finally {
    await payments?.stop();
  }
}

/** The checkout rows' customers, and the payments emulator the storefront pays through. */
interface Checkout {
  data: CheckoutData;
  payments: RunningProcess;
}

async function measureDatabase(target: Target, data: ScenarioData, checkout: Checkout | null): Promise<DatabaseRun> {
  const server = await startStorefront({ ...target.env, ...(checkout ? { STRIPE_API_BASE: checkout.payments.url } : {}) });
  console.log(`bench: ${target.kind}: server ready in ${Math.round(server.startupMs)} ms`);
  try {
    const reads = readScenarios(data).filter(chosen);
    const writes = [...bookingScenarios(data), ...(checkout ? await checkoutRequests(server, checkout) : [])].filter(chosen);
    const flows =
      checkout && chosen({ name: 'order-flow' }) ? { servers: { server, payments: checkout.payments }, data: checkout.data } : null;
    // Bookings across many parts warm up like the reads (hot code, verified tokens); the hot part's
    // fixed number of tries does not (warmUp skips it).
    for (const scenario of [...reads, ...writes]) await warmUp(scenario, server.url, scenario.path);
    if (flows) await warmUpOrderFlows(flows.servers, flows.data, WARMUP_SECONDS);
    const rssBefore = await rssAtRest(server);

    const bare = await startBare(await capturePayloads([...reads, ...writes], server.url), BUSY_MICROSECONDS);
    const scenarios: ScenarioResult[] = [];
    try {
      for (const scenario of [...reads, ...writes]) scenarios.push(await measure(target.kind, scenario, server, bare));
      if (flows) scenarios.push(await measureOrderFlows(target.kind, flows.servers, flows.data, SECONDS));
      const calibrated =
        reads.find((scenario) => scenario.name === 'catalog-trpc') ?? reads.find((scenario) => scenario.compareWithBare);
      if (calibrated && chosen({ name: 'calibration' })) scenarios.push(await measureCalibration(target.kind, calibrated, bare));
    } finally {
      await bare.stop();
    }
    const hot = scenarios.find((result) => result.name === 'booking-hot');
    if (hot) hot.check = await checkHotPart(server.url, data, hot.app);

    const rssAfter = await rssAtRest(server);
    return {
      database: target.kind,
      label: target.kind === 'postgres' ? 'Postgres' : 'PGlite',
      startupMs: server.startupMs,
      memory: { beforeBytes: rssBefore, afterBytes: rssAfter },
      scenarios,
    };
  } finally {
    await server.stop();
  }
}

/** The checkout's request rows, once the invoice buyer has an order paid for the invoice row to print. */
async function checkoutRequests(server: RunningProcess, { data, payments }: Checkout): Promise<Scenario[]> {
  const shop = { storefrontUrl: server.url, paymentsUrl: payments.url, shippingRateId: data.fill.shippingRateId };
  const buyer = {
    authorization: `Bearer ${data.invoiceBuyerToken}`,
    partIds: cartPartIds(data.fill.buyerIds.length, data.fill.partIds),
  };
  return checkoutScenarios(data, await orderAndPay(shop, buyer));
}

/**
 * What the server keeps once a load is over: the smallest RSS read once a second for REST_SECONDS,
 * before the measured loads (after the warm-up) and after them alike. Read at once, RSS still holds
 * the heap the load grew and V8 has not yet given back: in runs of the same scenarios it read
 * 287 and 292 MB 2 s after the load and 207 and 191 MB 30 s later, with the heap in use back to
 * what it was before. The embedded mail catcher's 500 emails and every cache stay as they are.
 */
async function rssAtRest(server: RunningProcess): Promise<number> {
  let smallest = server.rssBytes();
  for (let second = 0; second < REST_SECONDS; second++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    smallest = Math.min(smallest, server.rssBytes());
  }
  return smallest;
}

/** A trivial query through tRPC's stock Fastify plugin and through our handler, against a bare route. */
async function benchAdapter(): Promise<DatabaseRun> {
  const scenario: Scenario = {
    name: 'adapter',
    title: '',
    method: 'GET',
    path: '/trpc/hello',
    expectedStatuses: ['200'],
    compareWithBare: true,
  };
  const bare = await startAdapterServer('bare');
  const scenarios: ScenarioResult[] = [];
  try {
    for (const mode of ['stock', 'native'] as const) {
      const server = await startAdapterServer(mode);
      try {
        const title =
          mode === 'stock' ? 'tRPC adapter alone: stock fastifyTRPCPlugin' : 'tRPC adapter alone: our Fastify-native handler';
        await warmUp(scenario, server.url, scenario.path);
        scenarios.push(await measure('adapter', { ...scenario, name: `adapter-${mode}`, title }, server, bare, scenario.path));
      } finally {
        await server.stop();
      }
    }
  } finally {
    await bare.stop();
  }
  return { database: 'none', label: 'no database', scenarios };
}

/** The read scenarios again after adding the scale rows (fillScale). */
async function benchScale(target: Target, demo: DatabaseRun): Promise<DatabaseRun> {
  console.log(`\nbench: ${target.kind}: adding ${JSON.stringify(SCALE)}`);
  const handle = await target.open();
  const fillStarted = performance.now();
  await fillScale(handle.db);
  console.log(`bench: filled in ${Math.round((performance.now() - fillStarted) / 1000)} s`);
  const data = await scenarioData(handle.db, await findFill(handle.db));
  await handle.close();

  const server = await startStorefront(target.env);
  try {
    const reads = readScenarios(data).filter(chosen);
    for (const scenario of reads) await warmUp(scenario, server.url, scenario.path);
    const rssBefore = await rssAtRest(server);
    const scenarios: ScenarioResult[] = [];
    for (const scenario of reads) {
      const result = await measure(`${target.kind} at scale`, scenario, server, null);
      const baseline = demo.scenarios.find((demoResult) => demoResult.name === scenario.name);
      if (baseline) {
        result.versusDemo = {
          rps: result.app.requestsPerSecond / baseline.app.requestsPerSecond,
          p50: ratio(result.app.latencyMs.p50, baseline.app.latencyMs.p50),
          p99: ratio(result.app.latencyMs.p99, baseline.app.latencyMs.p99),
        };
      }
      scenarios.push(result);
    }
    return {
      database: target.kind,
      label:
        `${target.kind === 'postgres' ? 'Postgres' : 'PGlite'}, ${SCALE.parts / 1000}k parts, ${SCALE.reviews / 1e6}M reviews, ` +
        `${SCALE.variants / 1000}k sellable variants, ${SCALE.bookings / 1e6}M bookings, ${SCALE.users / 1000}k users, ${SCALE.auditEvents / 1e6}M admin actions`,
      startupMs: server.startupMs,
      memory: { beforeBytes: rssBefore, afterBytes: await rssAtRest(server) },
      scenarios,
      scale: true,
    };
  } finally {
    await server.stop();
  }
}

async function measure(
  label: string,
  scenario: Scenario,
  server: RunningProcess,
  bare: RunningProcess | null,
  barePath = `/bare/${scenario.name}`,
): Promise<ScenarioResult> {
  let bareResult: LoadResult | null = null;
  let bareCpu: number | undefined;
  if (bare && scenario.compareWithBare) {
    // The floor sends one answer of the scenario from one path, whatever paths the scenario takes.
    const { paths: _paths, ...onePath } = scenario;
    await warmUp(onePath, bare.url, barePath);
    ({ result: bareResult, cpuMicrosPerRequest: bareCpu } = await loadCounted(
      bare,
      loadSpec(onePath, bare.url, barePath, CONNECTIONS, SECONDS),
    ));
  }
  const countsBefore = scenario.uncached ? await readCacheCounts(server.url) : null;
  const { result: app, cpuMicrosPerRequest: appCpu } = await loadCounted(
    server,
    loadSpec(scenario, server.url, scenario.path, CONNECTIONS, SECONDS),
  );
  const countsAfter = countsBefore ? await readCacheCounts(server.url) : null;
  const errors =
    app.socketErrors +
    Object.entries(app.statuses)
      .filter(([status]) => !scenario.expectedStatuses.includes(status))
      .reduce((sum, [, count]) => sum + count, 0);
  const result: ScenarioResult = {
    name: scenario.name,
    title: scenario.title,
    app,
    bare: bareResult,
    errors,
    cpuMicrosPerRequest: { app: appCpu, ...(bareCpu === undefined ? {} : { bare: bareCpu }) },
    ...(scenario.target ? { target: scenario.target } : {}),
    ...(countsBefore && countsAfter
      ? { readCache: { hits: countsAfter.hits - countsBefore.hits, misses: countsAfter.misses - countsBefore.misses } }
      : {}),
  };
  if (bareResult) {
    result.ratios = {
      rps: app.requestsPerSecond / bareResult.requestsPerSecond,
      p50: ratio(app.latencyMs.p50, bareResult.latencyMs.p50),
      p99: ratio(app.latencyMs.p99, bareResult.latencyMs.p99),
    };
  }
  console.log(
    `bench: ${label}: ${scenario.name}: ${Math.round(app.requestsPerSecond)} req/s` +
      (bareResult ? ` (bare ${Math.round(bareResult.requestsPerSecond)})` : '') +
      `, p50 ${app.latencyMs.p50} ms, p99 ${app.latencyMs.p99} ms, errors ${errors}`,
  );
  return result;
}

/** One load, with the CPU time the loaded process spent on each request it answered. */
async function loadCounted(
  loaded: RunningProcess,
  spec: ReturnType<typeof loadSpec>,
): Promise<{ result: LoadResult; cpuMicrosPerRequest: number }> {
  const cpuBefore = loaded.cpuSeconds();
  const result = await runLoad(spec);
  const cpuMicrosPerRequest = ((loaded.cpuSeconds() - cpuBefore) * 1e6) / Math.max(result.requests, 1);
  return { result, cpuMicrosPerRequest };
}

/**
 * The floor against itself with BUSY_MICROSECONDS of work added to each request: the ratio a route
 * costing that much more than the floor reaches on this machine, whatever the route does.
 */
async function measureCalibration(label: string, scenario: Scenario, bare: RunningProcess): Promise<ScenarioResult> {
  const { paths: _paths, ...onePath } = scenario;
  const busyPath = `/busy/${scenario.name}`;
  await warmUp(onePath, bare.url, busyPath);
  const floor = await loadCounted(bare, loadSpec(onePath, bare.url, `/bare/${scenario.name}`, CONNECTIONS, SECONDS));
  const busy = await loadCounted(bare, loadSpec(onePath, bare.url, busyPath, CONNECTIONS, SECONDS));
  const errors = busy.result.socketErrors + (busy.result.requests - (busy.result.statuses['200'] ?? 0));
  console.log(
    `bench: ${label}: calibration: ${Math.round(busy.result.requestsPerSecond)} req/s ` +
      `(bare ${Math.round(floor.result.requestsPerSecond)}), errors ${errors}`,
  );
  return {
    name: 'calibration',
    title: `Calibration: the floor with ${BUSY_MICROSECONDS} µs more CPU work per request (bare route, ${scenario.name} bytes)`,
    app: busy.result,
    bare: floor.result,
    errors,
    cpuMicrosPerRequest: { app: busy.cpuMicrosPerRequest, bare: floor.cpuMicrosPerRequest },
    ratios: {
      rps: busy.result.requestsPerSecond / floor.result.requestsPerSecond,
      p50: ratio(busy.result.latencyMs.p50, floor.result.latencyMs.p50),
      p99: ratio(busy.result.latencyMs.p99, floor.result.latencyMs.p99),
    },
  };
}

/** The storefront's read cache counts so far, from its metrics. */
async function readCacheCounts(baseUrl: string): Promise<{ hits: number; misses: number }> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const count = (name: string) => Number(new RegExp(`^sprocket_read_cache_${name}_total (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  return { hits: count('hits'), misses: count('misses') };
}

async function warmUp(scenario: Scenario, baseUrl: string, path: string): Promise<void> {
  if (scenario.amount) return;
  await runLoad(loadSpec(scenario, baseUrl, path, CONNECTIONS, WARMUP_SECONDS));
}

/** One answer of each scenario, for the bare route to send back. */
async function capturePayloads(scenarios: Scenario[], baseUrl: string): Promise<string> {
  const payloads: Record<string, { method: string; body: unknown }> = {};
  for (const scenario of scenarios.filter((candidate) => candidate.compareWithBare)) {
    const response = await fetch(`${baseUrl}${scenario.path}`, {
      method: scenario.method,
      headers: {
        ...(scenario.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(scenario.authorizations ? { authorization: scenario.authorizations[0]! } : {}),
      },
      ...(scenario.bodies ? { body: scenario.bodies[0] } : {}),
    });
    if (!response.ok) throw new Error(`${scenario.name}: the storefront answered ${response.status}: ${await response.text()}`);
    payloads[scenario.name] = { method: scenario.method, body: await response.text() };
  }
  const file = join(mkdtempSync(join(tmpdir(), 'sprocket-bench-')), 'payloads.json');
  writeFileSync(file, JSON.stringify(payloads));
  return file;
}

/** Exactly the stock was sold: as many bookings accepted as there was stock, none left, the rest refused. */
async function checkHotPart(baseUrl: string, data: ScenarioData, result: LoadResult): Promise<NonNullable<ScenarioResult['check']>> {
  const input = encodeURIComponent(JSON.stringify({ id: data.hotPartId }));
  const response = await fetch(`${baseUrl}/trpc/tools.byId?input=${input}`);
  const body = (await response.json()) as { result: { data: { available: number } } };
  const accepted = result.statuses['200'] ?? 0;
  const refused = result.statuses['409'] ?? 0;
  const stockLeft = body.result.data.available;
  return {
    accepted,
    refused,
    stockLeft,
    ok: accepted === data.hotStock && stockLeft === 0 && accepted + refused === result.requests,
  };
}

async function scenarioData(db: Database, filled: Filled): Promise<ScenarioData> {
  const sessions = createSessionTokens(STANDALONE_SERVER_ENV.SESSION_SECRET);
  const signIn = (userId: string) => startSession(db, sessions, userId);
  return {
    customerTokens: await Promise.all(filled.customerIds.map(signIn)),
    bookerTokens: await Promise.all(filled.bookerIds.map(signIn)),
    adminToken: await signIn(filled.adminId),
    bookablePartIds: filled.bookablePartIds,
    pagePartIds: filled.pagePartIds,
    hotPartId: filled.hotPartId,
    hotStock: filled.hotStock,
  };
}

async function checkoutData(db: Database, fill: CheckoutFill): Promise<CheckoutData> {
  const sessions = createSessionTokens(STANDALONE_SERVER_ENV.SESSION_SECRET);
  const signIn = (userId: string) => startSession(db, sessions, userId);
  return {
    fill,
    cartTokens: await Promise.all(fill.cartCustomerIds.map(signIn)),
    quoteTokens: await Promise.all(fill.quoteCustomerIds.map(signIn)),
    buyerTokens: await Promise.all(fill.buyerIds.map(signIn)),
    invoiceBuyerToken: await signIn(fill.invoiceBuyerId),
  };
}

async function postgresTarget(): Promise<Target> {
  const name = `sprocket_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { ...serverEnv, DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(join(tmpdir(), 'sprocket-bench-')) },
    // The scale fill's statements write a million rows each: longer than a request may take.
    open: () => openPostgres(url.toString(), { statementTimeoutMs: 0 }),
    drop: async () => {
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

function pgliteTarget(): Target {
  const dataDir = mkdtempSync(join(tmpdir(), 'sprocket-bench-'));
  return {
    kind: 'pglite',
    env: { ...serverEnv, DATA_DIR: dataDir },
    open: () => openPglite(join(dataDir, 'pglite')),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function ratio(value: number, reference: number): number {
  return reference === 0 ? value : value / reference;
}

function formatLoad(load: number[]): string {
  return load.map((value) => value.toFixed(2)).join(' ');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
