// The session check while the identity provider is away: an Auth emulator of this file's own (the
// run's one stays up for the other files) is stopped and started again on the same port and data.
// While it is down every session stays valid, the outage is logged once, and the accounts are
// checked again once it answers: an account disabled just before the outage loses its session then.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { freePort } from '../../../emulators/free-port';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppDeps } from '../../context';
import { users } from '../../db/schema';
import { startAuthEmulator, type RunningAuthEmulator } from '../../../emulators/auth/auth-emulator';
import { createFirebaseIdentity, type FirebaseIdentity } from '../../identity/firebase-identity';
import { createCaller } from '../../routers/index';
import { signInForIdToken, updateTestAccount } from '../../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../../testing/test-keys';
import { createTestShop, type TestShop } from '../../testing/test-shop';
import { checkSessions, startSessionCheck } from './session-check';

const HOUR_MS = 3_600_000;
const dataDir = mkdtempSync(join(tmpdir(), 'sprocket-session-check-outage-'));
let port: number;
let emulator: RunningAuthEmulator;
let identity: FirebaseIdentity;
let shop: TestShop;
let deps: AppDeps;

const startEmulator = () => startAuthEmulator({ port, projectId: TEST_PROJECT_ID, dataDir });

beforeAll(async () => {
  port = await freePort();
  // The shop first: its own provider points firebase-admin at the run's emulator, this file's then
  // points it here (one Auth backend per process), and only this file's is used below.
  shop = await createTestShop();
  emulator = await startEmulator();
  identity = createFirebaseIdentity({ projectId: TEST_PROJECT_ID, emulatorHost: emulator.host });
  deps = { ...shop.deps, identity };
});
afterAll(async () => {
  await identity?.close();
  await emulator?.close();
  await shop?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function statusOf(token: string): Promise<number> {
  return (await shop.app.inject({ method: 'GET', url: '/trpc/users.me', headers: { authorization: `Bearer ${token}` } })).statusCode;
}

// Up to 10 s for the outage to show, an emulator to start again and up to 30 s for the check to
// see it back: more than the default 30 s on busy cores.
it('keeps every session while the provider is away, says so once, and checks again once it is back', { timeout: 90_000 }, async () => {
  const account = { email: 'away-rider@example.com', password: 'secret-123' };
  const { uid, idToken } = await signInForIdToken(emulator.url, TEST_PROJECT_ID, account, { create: true });
  const { token } = await createCaller({ deps, user: null, session: 'none' }).users.createSession({ ...account, idToken });
  expect(await checkSessions(deps.db, identity, { intervalMs: 0 })).toMatchObject({ ended: 0, providerAway: false });

  // Disabled, and the provider goes away before the shop checks again.
  await updateTestAccount(emulator.url, TEST_PROJECT_ID, uid, { disableUser: true });
  await emulator.close();
  expect(await checkSessions(deps.db, identity, { intervalMs: 0 })).toEqual({ checked: 0, ended: 0, providerAway: true });
  expect(await statusOf(token)).toBe(200);
  // Not checked, so not due in an hour: it waits at the head of the queue, and the next pass asks again.
  const [row] = await deps.db.select({ checkedAt: users.identityCheckedAt }).from(users).where(eq(users.email, account.email));
  expect(row?.checkedAt).toBeNull();
  expect(await checkSessions(deps.db, identity, { intervalMs: HOUR_MS })).toMatchObject({ providerAway: true });

  const written: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void written.push(line) });
  const logged = (start: string) => written.filter((line) => (JSON.parse(line) as { msg: string }).msg.startsWith(start));
  const timer = startSessionCheck({ ...deps, log }, { intervalMs: 0, everyMs: 20 });
  try {
    await expect.poll(() => logged('the identity provider is unreachable').length, { timeout: 10_000 }).toBe(1);
    // Many more passes find it away, and say nothing more.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await statusOf(token)).toBe(200);

    emulator = await startEmulator();
    await expect.poll(() => statusOf(token), { timeout: 30_000 }).toBe(401);
  } finally {
    await timer.stop();
  }
  expect(logged('the identity provider is unreachable')).toHaveLength(1);
  expect(logged('the identity provider answers again')).toHaveLength(1);
});
