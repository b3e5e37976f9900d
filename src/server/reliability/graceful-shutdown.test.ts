// Graceful shutdown: a server process (the test entry, which stops exactly as index.ts does) gets
// SIGTERM. For SHUTDOWN_DRAIN_MS it fails GET /ready, so a load balancer takes it out, while it
// goes on serving everything else. Then it stops accepting new connections, finishes the request
// in flight (held at the payments provider) with 200 and `Connection: close`, writes its result to
// the database, and exits with 0. A request that never finishes does not keep it past
// SHUTDOWN_TIMEOUT_MS; Ctrl-C skips the drain, and a second Ctrl-C ends it at once.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionTokens } from '../auth/session-tokens';
import { EXIT_AFTER_DEADLINE, EXIT_ON_SECOND_SIGINT } from '../boot/shutdown';
import { openPglite, type Database, type DatabaseHandle } from '../db/database';
import { bookings, tools, users } from '../db/schema';
import { startPaymentsEmulator, type RunningPaymentsEmulator } from '../../emulators/payments';
import { startSession } from '../domains/accounts/sessions';
import { startServerProcess } from '../testing/server-process';
import { openTestDatabase, usingPostgres } from '../testing/test-database';
import { TEST_SESSION_SECRET, TEST_STRIPE_KEYS } from '../testing/test-keys';

/** Room for a server process's start (up to 90 s on busy cores) and its shutdown. */
const SHUTDOWN_TEST_TIMEOUT_MS = 150_000;

/** A pass-through to the payments emulator that can hold the next PaymentIntent creation. */
interface Gate {
  url: string;
  /** Holds the next create call; resolves once it has arrived and is held. */
  holdNextCreate: () => Promise<void>;
  release: () => void;
  close: () => Promise<void>;
}

async function startGate(target: string): Promise<Gate> {
  let armed: { arrived: () => void; released: Promise<void> } | null = null;
  const forward = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (armed && request.method === 'POST' && request.url === '/v1/payment_intents') {
      const held = armed;
      armed = null;
      held.arrived();
      await held.released;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>;
    const upstream = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    response.end(Buffer.from(await upstream.arrayBuffer()));
  };
  const server: Server = createServer((request, response) => {
    // As any gateway does, a pass-through that fails answers 502 rather than leave its caller waiting.
    forward(request, response).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no gate address');
  let release = () => {};
  return {
    url: `http://127.0.0.1:${address.port}`,
    holdNextCreate: () =>
      new Promise<void>((arrived) => {
        const released = new Promise<void>((resolve) => (release = resolve));
        armed = { arrived, released };
      }),
    release: () => release(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Resolves true when a new TCP connection to the port is refused, false when it is accepted. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * The database the server process uses: this file's Postgres clone, or PGlite in a directory
 * (the test opens it only while the process is not running: PGlite allows one user at a time).
 */
async function databaseForServerProcess(): Promise<{
  env: Record<string, string>;
  use: <T>(work: (handle: DatabaseHandle) => Promise<T>) => Promise<T>;
  cleanup: () => Promise<void>;
}> {
  if (usingPostgres()) {
    const database = await openTestDatabase();
    return {
      env: { DATABASE_URL: database.url ?? '' },
      use: async <T>(work: (handle: DatabaseHandle) => Promise<T>) => work(database),
      cleanup: () => database.close(),
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'sprocket-shutdown-'));
  return {
    env: { DATA_DIR: dir },
    use: async <T>(work: (handle: DatabaseHandle) => Promise<T>) => {
      const handle = await openPglite(join(dir, 'pglite'));
      try {
        return await work(handle);
      } finally {
        await handle.close();
      }
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A customer with a session and an unpaid booking, ready to pay. */
async function seedBooking(db: Database, email: string): Promise<{ token: string; bookingId: string }> {
  const [user] = await db.insert(users).values({ email, displayName: 'Casey' }).returning();
  const [tool] = await db
    .insert(tools)
    .values({
      name: 'Seatpost clamp',
      img: '/images/parts/placeholder.svg',
      priceCents: 12_00,
      minimumOrderQuantity: 1,
      available: 10,
      description: 'A part booked just before the server is asked to stop.',
    })
    .returning();
  if (!user || !tool) throw new Error('could not seed');
  const [booking] = await db
    .insert(bookings)
    .values({
      toolId: tool.id,
      userId: user.id,
      toolName: tool.name,
      email: user.email,
      personName: 'Casey',
      phone: '+1 555 0100',
      address: '1 Chainring Road, Portland',
      quantity: 2,
      unitPriceCents: 12_00,
      totalCents: 24_00,
    })
    .returning();
  if (!booking) throw new Error('could not seed');
  return { token: await startSession(db, createSessionTokens(TEST_SESSION_SECRET), user.id), bookingId: booking.id };
}

describe('shutting down', { timeout: SHUTDOWN_TEST_TIMEOUT_MS }, () => {
  let payments: RunningPaymentsEmulator;
  let gate: Gate;
  let database: Awaited<ReturnType<typeof databaseForServerProcess>>;

  beforeAll(async () => {
    payments = await startPaymentsEmulator({
      port: 0,
      ...TEST_STRIPE_KEYS,
    });
    gate = await startGate(payments.url);
    database = await databaseForServerProcess();
  });
  const otherDatabases: Array<() => Promise<void>> = [];
  afterAll(async () => {
    gate?.release();
    await gate?.close();
    await payments?.close();
    await database?.cleanup();
    for (const cleanup of otherDatabases) await cleanup();
  });

  /**
   * A server process with one payment request held at the provider, on a database of its own
   * (the process ends abruptly, and PGlite allows one user at a time); the request resolves with
   * its answer, or null when the process went away without one.
   */
  async function serverWithStuckRequest(env: Record<string, string>) {
    const own = await databaseForServerProcess();
    otherDatabases.push(own.cleanup);
    const { token, bookingId } = await own.use(({ db }) => seedBooking(db, 'stuck@example.com'));
    const server = await startServerProcess({ ...own.env, STRIPE_API_BASE: gate.url, ...env });
    const held = gate.holdNextCreate();
    const inFlight = fetch(`${server.url}/create-payment-intent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bookingId }),
    }).catch(() => null);
    await held;
    return { server, inFlight };
  }

  it('abandons a request still stuck after SHUTDOWN_TIMEOUT_MS and exits with 1, saying so', async () => {
    // On Postgres a statement may not outlive so short a deadline (config.ts).
    const { server, inFlight } = await serverWithStuckRequest({ SHUTDOWN_TIMEOUT_MS: '1000', DATABASE_STATEMENT_TIMEOUT_MS: '1000' });
    try {
      // stop() sends SIGTERM, and fails if the process is still there 20 s later.
      expect(await server.stop()).toBe(EXIT_AFTER_DEADLINE);
      expect(server.logs()).toContain('shutdown did not finish within 1000 ms (SHUTDOWN_TIMEOUT_MS)');
      expect(await inFlight).toBeNull();
    } finally {
      gate.release();
    }
  });

  it('skips the drain on SIGINT, and exits at once on a second one, long before SHUTDOWN_TIMEOUT_MS', async () => {
    const { server, inFlight } = await serverWithStuckRequest({ SHUTDOWN_TIMEOUT_MS: '1200000', SHUTDOWN_DRAIN_MS: '600000' });
    try {
      server.child.kill('SIGINT');
      await expect.poll(() => connectionRefused(Number(new URL(server.url).port)), { timeout: 5_000 }).toBe(true);
      server.child.kill('SIGINT');
      expect(await server.stop()).toBe(EXIT_ON_SECOND_SIGINT);
      expect(server.logs()).toContain('SIGINT again: exiting at once');
      expect(await inFlight).toBeNull();
    } finally {
      gate.release();
    }
  });

  it('fails readiness at once on SIGTERM while it goes on serving the shop, each answer closing its connection', async () => {
    const server = await startServerProcess({
      ...database.env,
      STRIPE_API_BASE: gate.url,
      SHUTDOWN_TIMEOUT_MS: '1200000',
      SHUTDOWN_DRAIN_MS: '600000',
    });
    try {
      const ready = await fetch(`${server.url}/ready`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('connection')).toBe('keep-alive');

      server.child.kill('SIGTERM');
      await expect.poll(async () => (await fetch(`${server.url}/ready`)).status).toBe(503);
      for (const path of ['/health', '/tools']) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('connection')).toBe('close');
      }
    } finally {
      // Ctrl-C after SIGTERM: a person who does not want to wait out the drain.
      server.child.kill('SIGINT');
    }
    expect(await server.stop()).toBe(EXIT_ON_SECOND_SIGINT);
  });

  it('finishes the request in flight with 200, refuses new connections meanwhile, and exits with 0', async () => {
    const { token, bookingId } = await database.use(({ db }) => seedBooking(db, 'shutdown@example.com'));
    const server = await startServerProcess({
      ...database.env,
      STRIPE_API_BASE: gate.url,
    });
    const port = Number(new URL(server.url).port);

    const held = gate.holdNextCreate();
    let answered = false;
    const inFlight = fetch(`${server.url}/create-payment-intent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bookingId }),
    }).finally(() => (answered = true));
    await held;

    server.child.kill('SIGTERM');
    await expect.poll(() => connectionRefused(port), { timeout: 5_000 }).toBe(true);
    expect(answered).toBe(false);

    gate.release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    const { clientSecret } = (await response.json()) as { clientSecret: string };
    expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(await server.stop()).toBe(0);

    // The request's own write (the intent recorded on the booking) landed before the database closed.
    const [row] = await database.use(({ db }) =>
      db.select({ paymentIntentId: bookings.paymentIntentId }).from(bookings).where(eq(bookings.id, bookingId)),
    );
    expect(clientSecret.startsWith(`${row?.paymentIntentId}_secret_`)).toBe(true);
  });
});
