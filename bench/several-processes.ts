// `npx tsx bench/several-processes.ts`: the figures of docs/operations.md, "Running several processes"
// and "Rolling restarts". Three storefront processes (the production build, no emulators) on one
// Postgres database it creates and drops, behind Debian's HAProxy running the shipped haproxy.cfg
// on loopback; a short bounded load on the catalogue and on bookings through the balancer, and how
// many connections Postgres saw the processes open; then the same two loads at once while each
// process in turn is stopped (SIGTERM) and replaced, and while one is killed (SIGKILL).
// BENCH_DATABASE_URL names the Postgres server, BENCH_POOL_SIZE each process's DATABASE_POOL_SIZE.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { createSessionTokens } from '../src/server/auth/session-tokens';
import { startSession } from '../src/server/domains/accounts/sessions';
import { openPostgres } from '../src/server/db/database';
import { startShippedHaproxy, type RunningHaproxy } from '../src/server/testing/shipped-haproxy';
import { STANDALONE_SERVER_ENV } from '../src/server/testing/test-keys';
import { fillDemoScale } from './fill';
import { startSteadyLoad, type LoadAnswer } from '../src/server/testing/steady-load';
import type { LoadResult } from './load';
import { runLoad, startStorefront, type RunningProcess } from './processes';

const PROCESSES = 3;
const SECONDS = 10;
const CONNECTIONS = 50;
/** The kill comes this long into a load of SECONDS, so it lands mid-load. */
const KILL_AFTER_MS = 3_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const poolSize = process.env.BENCH_POOL_SIZE ?? '10';

async function main(): Promise<void> {
  const name = `sprocket_several_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const servers: RunningProcess[] = [];
  let balancer: RunningHaproxy | undefined;
  try {
    const database = await openPostgres(url.toString(), { maxConnections: 2 });
    const filled = await fillDemoScale(database.db);
    const sessions = createSessionTokens(STANDALONE_SERVER_ENV.SESSION_SECRET);
    const bookers = await Promise.all(filled.bookerIds.map((userId) => startSession(database.db, sessions, userId)));
    await database.close();

    const env = {
      ...STANDALONE_SERVER_ENV,
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: poolSize,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'sprocket-several-')),
    };
    for (let index = 0; index < PROCESSES; index++) servers.push(await startStorefront(env, { build: index === 0 }));
    balancer = await startShippedHaproxy(servers.map((server) => new URL(server.url).host));
    await allInRotation(balancer);

    const catalogue = await runLoad({ url: `${balancer.url}/tools`, method: 'GET', connections: CONNECTIONS, duration: SECONDS });
    const peakDuringBookings = watchConnections(admin, name);
    const bookings = await runLoad({
      url: `${balancer.url}/trpc/bookings.create?batch=1`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: SECONDS,
      bodies: filled.bookablePartIds.map((toolsId) =>
        JSON.stringify({ 0: { toolsId, amount: 1, phone: '5550100', address: '1 Benchmark Way' } }),
      ),
      authorizations: bookers.map((token) => `Bearer ${token}`),
    });
    const connections = await peakDuringBookings.stop();

    // Customers reading and booking, as the test's load does: autocannon resends a request whose
    // connection closed without an answer and counts no error, so it cannot tell what clients saw.
    const steady = { readers: CONNECTIONS / 2, bookers: CONNECTIONS / 2, bookerTokens: bookers, toolIds: filled.bookablePartIds };
    const retriesBefore = await balancer.retries();
    const duringRestart = startSteadyLoad(balancer.url, steady);
    const restartStarted = performance.now();
    for (const [index, server] of servers.entries()) {
      await server.stop();
      servers[index] = await startStorefront(env, { port: Number(new URL(server.url).port), build: false });
      await allInRotation(balancer);
    }
    const restartSeconds = (performance.now() - restartStarted) / 1000;
    const restartAnswers = await duringRestart.stop();
    const retriesDuringRestart = await retriedSince(balancer, retriesBefore);

    // One process killed mid-load: what it was answering fails, reads excepted (HAProxy retries them).
    const retriesBeforeKill = await balancer.retries();
    const duringKill = startSteadyLoad(balancer.url, steady);
    await sleep(KILL_AFTER_MS);
    const killed = servers[0];
    await killed?.kill();
    await sleep(SECONDS * 1000 - KILL_AFTER_MS);
    const killAnswers = await duringKill.stop();
    const retriesDuringKill = await retriedSince(balancer, retriesBeforeKill);
    if (killed) servers[0] = await startStorefront(env, { port: Number(new URL(killed.url).port), build: false });
    const [{ max_connections } = { max_connections: '?' }] = await admin<Array<{ max_connections: string }>>`show max_connections`;

    console.log(
      `${PROCESSES} processes, DATABASE_POOL_SIZE=${poolSize}, HAProxy round robin, ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    console.log(describe('GET /tools', catalogue));
    console.log(describe('tRPC bookings.create', bookings));
    console.log(`Postgres connections from the storefronts, at most: ${connections} (max_connections ${max_connections})`);
    console.log(
      `Rolling restart (SIGTERM, replace, wait for HAProxy) of ${PROCESSES} processes in ${restartSeconds.toFixed(1)} s, under ${CONNECTIONS} clients reading and booking: ${describeAnswers(restartAnswers)}; ${retriesDuringRestart}`,
    );
    console.log(
      `SIGKILL of one process ${KILL_AFTER_MS / 1000} s into ${SECONDS} s of the same load: ${describeAnswers(killAnswers)}; ${retriesDuringKill}`,
    );
    console.log(
      `load average after: ${loadavg()
        .map((load) => load.toFixed(1))
        .join(', ')}`,
    );
  } finally {
    await balancer?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function describe(title: string, result: LoadResult): string {
  const statuses = Object.entries(result.statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  const { p50, p99 } = result.latencyMs;
  return `${title}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${p50} ms, p99 ${p99} ms, ${statuses}, ${result.socketErrors} socket errors`;
}

/** Answers by method and status; a failed connection counts as "no answer". */
function describeAnswers(answers: LoadAnswer[]): string {
  const counts = new Map<string, number>();
  for (const { method, status } of answers) {
    const key = `${method} ${status ?? 'no answer'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const errors = answers.filter(({ status }) => status === null || status >= 500).length;
  const tally = [...counts.entries()].map(([key, count]) => `${count} × ${key}`).join(', ');
  return `${tally} — ${errors} client errors`;
}

async function retriedSince(balancer: RunningHaproxy, before: { retried: number; redispatched: number }): Promise<string> {
  const now = await balancer.retries();
  return `HAProxy counted ${now.retried - before.retried} retries and ${now.redispatched - before.redispatched} redispatches`;
}

/** Resolves once HAProxy has every process in rotation (two good checks each). */
async function allInRotation(balancer: RunningHaproxy): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    if ([...(await balancer.replicaStates()).values()].every((state) => state === 'UP')) return;
    await sleep(100);
  }
  throw new Error('HAProxy did not put every process in rotation within a minute');
}

/** Samples how many connections the storefronts hold to `database`, until stopped. */
function watchConnections(admin: postgres.Sql, database: string): { stop: () => Promise<number> } {
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const [row] = await admin<Array<{ count: number }>>`
        select count(*)::int as count from pg_stat_activity where datname = ${database} and application_name like 'sprocket %'`;
      peak = Math.max(peak, row?.count ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await sampling;
      return peak;
    },
  };
}

await main();
