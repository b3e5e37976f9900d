// `npx tsx bench/several-processes.ts`: the figures of docs/operations.md, "Running several processes". Three
// storefront processes (the production build, no emulators) on one Postgres database it creates
// and drops, behind Debian's HAProxy on loopback; a short bounded load on the catalogue and on
// bookings through the balancer; and how many connections Postgres saw the processes open.
// BENCH_DATABASE_URL names the Postgres server, BENCH_POOL_SIZE each process's DATABASE_POOL_SIZE.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import postgres from 'postgres';
import { createSessionTokens } from '../src/server/auth/session-tokens';
import { startSession } from '../src/server/services/sessions';
import { openPostgres } from '../src/server/db/database';
import { STANDALONE_SERVER_ENV } from '../src/server/testing/test-keys';
import { fillDemoScale } from './fill';
import type { LoadResult } from './load';
import { runLoad, startStorefront, type RunningProcess } from './processes';

const PROCESSES = 3;
const SECONDS = 10;
const CONNECTIONS = 50;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const poolSize = process.env.BENCH_POOL_SIZE ?? '10';

async function main(): Promise<void> {
  const name = `sprocket_several_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const servers: RunningProcess[] = [];
  let stopBalancer = () => {};
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
    for (let index = 0; index < PROCESSES; index++) servers.push(await startStorefront(env));
    const balancer = await startHaproxy(servers.map((server) => new URL(server.url).host));
    stopBalancer = balancer.stop;

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
    const [{ max_connections } = { max_connections: '?' }] = await admin<Array<{ max_connections: string }>>`show max_connections`;

    console.log(
      `${PROCESSES} processes, DATABASE_POOL_SIZE=${poolSize}, HAProxy round robin, ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    console.log(describe('GET /tools', catalogue));
    console.log(describe('tRPC bookings.create', bookings));
    console.log(`Postgres connections from the storefronts, at most: ${connections} (max_connections ${max_connections})`);
  } finally {
    stopBalancer();
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

/** HAProxy in the foreground, round robin over the processes, on a free loopback port. */
async function startHaproxy(backends: string[]): Promise<{ url: string; stop: () => void }> {
  const port = await getPort();
  const config = join(mkdtempSync(join(tmpdir(), 'sprocket-haproxy-')), 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 30s',
      '  timeout server 30s',
      'frontend shop',
      `  bind 127.0.0.1:${port}`,
      '  default_backend storefronts',
      'backend storefronts',
      '  balance roundrobin',
      '  option httpchk GET /ready',
      ...backends.map((host, index) => `  server web${index} ${host} check`),
      '',
    ].join('\n'),
  );
  const child = spawn('/usr/sbin/haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries++) {
    if (
      await fetch(`${url}/ready`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { url, stop: () => void child.kill() };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('HAProxy did not start');
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
