// Support for the security suites, which attack the app: calls at the HTTP door (tRPC wire protocol
// and REST), what a response says, a fingerprint of the whole database, and the people who call.
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, vi } from 'vitest';
import { SESSION_TTL_SECONDS } from '../../shared/constants';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { appRouter } from '../routers';
import type { TestShop, TestUser } from './test-shop';

export type HttpCall = Pick<InjectOptions, 'method' | 'url' | 'payload' | 'query'> & {
  url: string;
  headers?: Record<string, string>;
};

type ProcedureType = 'query' | 'mutation' | 'subscription';

/** Every tRPC procedure by path ('tools.list', …), read from the router itself. */
export function procedureTypes(): Record<string, ProcedureType> {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureType } }>;
  return Object.fromEntries(Object.entries(procedures).map(([path, procedure]) => [path, procedure._def.type]));
}

const types = procedureTypes();

/** A call to a procedure as tRPC's httpLink sends it: queries as GET ?input=, mutations as POST. */
export function trpcCall(path: string, input?: unknown): HttpCall {
  const type = types[path];
  if (!type) throw new Error(`no procedure ${path}`);
  const json = input === undefined ? undefined : JSON.stringify(input);
  if (type === 'query') {
    const query = json === undefined ? '' : `?input=${encodeURIComponent(json)}`;
    return { method: 'GET', url: `/trpc/${path}${query}` };
  }
  return { method: 'POST', url: `/trpc/${path}`, payload: json ?? '', headers: { 'content-type': 'application/json' } };
}

/** The text as a URL carries it: a lone surrogate cannot travel there, and arrives as U+FFFD. */
export function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

export interface Outcome {
  status: number;
  /** The error's code (tRPC `data.code`, or REST `error.code`); undefined on success. */
  code?: string;
  message?: string;
}

/** What a response says, the same way for tRPC and REST answers. */
export function outcomeOf(response: LightMyRequestResponse): Outcome {
  if (response.statusCode < 400) return { status: response.statusCode };
  const body = parseJson(response.body) as { error?: { code?: unknown; message?: unknown; data?: { code?: unknown } } };
  const error = body?.error;
  const code = typeof error?.data?.code === 'string' ? error.data.code : error?.code;
  return {
    status: response.statusCode,
    code: typeof code === 'string' ? code : undefined,
    message: typeof error?.message === 'string' ? error.message : undefined,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Markers of text meant for developers: stack frames, SQL, zod's JSON, JavaScript's placeholders. */
const UNREADABLE = [
  /\n\s*at\s/,
  /\bat\s+\S+\s+\(.*:\d+:\d+\)/,
  /node_modules|\.ts:\d+/,
  /\b(select|insert into|update|delete from)\b.*\b(from|set|values|where)\b/i,
  /\b(violates|constraint|relation|syntax error|SQLSTATE|pg_|drizzle|postgres)\b/i,
  /^\s*[[{]/,
  /"(code|path|expected|received)"\s*:/,
  /\[object Object\]|\bundefined\b|\bNaN\b/,
  /Error:/,
];

/**
 * Asserts an error answer a person can read: JSON `{ error: { … message } }` with a short
 * single-line sentence, and nothing meant for developers.
 */
export function expectReadableError(response: LightMyRequestResponse): void {
  expect(response.headers['content-type'] ?? '').toMatch(/^application\/json/);
  const body = parseJson(response.body) as { error?: { message?: unknown } } | undefined;
  const message = body?.error?.message;
  expect(typeof message, `error message in ${response.body.slice(0, 300)}`).toBe('string');
  const text = message as string;
  expect(text.trim().length).toBeGreaterThan(3);
  expect(text.length).toBeLessThanOrEqual(200);
  expect(text).not.toContain('\n');
  expect(text).toMatch(/[A-Za-z]{2,}\s+[A-Za-z]{2,}/);
  for (const marker of UNREADABLE) expect(text, `"${text}" looks like ${marker}`).not.toMatch(marker);
  expect(response.body).not.toMatch(/"stack"\s*:/);
}

/**
 * A fingerprint of every table in the public schema, so a test can prove a refused call changed
 * nothing at all. Each table gives its row count and the sum of its rows' `xmin`, the transaction
 * that wrote each row version: every committed insert, update or delete changes one of the two (a
 * new version's xmin is newer than every xmin it replaces), while a rolled-back write leaves both
 * as they were. It is exact in that direction and reads no column values, so it costs a tenth of
 * digesting every row.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const tables = await publicTables(db);
  const digests = tables.map(
    (table) =>
      sql`select ${table}::text as name, count(*)::text || ':' || coalesce(sum(t.xmin::text::bigint), 0)::text as digest from ${sql.identifier(table)} t`,
  );
  const rows = rowsOf<{ name: string; digest: string }>(await db.execute(sql.join(digests, sql` union all `)));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

/** A test's schema does not change while it runs: its tables are listed once per database. */
const tablesOf = new WeakMap<Database, Promise<string[]>>();

function publicTables(db: Database): Promise<string[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = db
      .execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
      .then((result) => rowsOf<{ name: string }>(result).map((row) => row.name));
    tablesOf.set(db, tables);
  }
  return tables;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The subjects of the permission matrix, by how they call. */
export type SubjectName = 'visitor' | 'owner' | 'otherCustomer' | 'admin' | 'removedUser' | 'expiredSession' | 'tamperedToken';

export const subjectNames: readonly SubjectName[] = [
  'visitor',
  'owner',
  'otherCustomer',
  'admin',
  'removedUser',
  'expiredSession',
  'tamperedToken',
];

export interface Subject {
  name: SubjectName;
  /** The account behind the subject; null for a visitor. */
  account: TestUser | null;
  /** What the subject sends on every call. */
  headers: Record<string, string>;
  /**
   * Headers never sent before, where that matters: the server remembers tokens it has verified,
   * so only a token it has not seen proves the first check refuses it too.
   */
  freshHeaders?: () => Promise<Record<string, string>>;
}

export interface Cast {
  owner: TestUser;
  otherCustomer: TestUser;
  admin: TestUser;
  subjects: Record<SubjectName, Subject>;
}

/**
 * The people of the matrix: a visitor; the owner of the fixtures; another customer; an admin;
 * a removed user with the token they held before removal; a customer whose genuine token expired;
 * and the owner's token with its subject changed to the admin's id (signature kept).
 */
export async function createCast(shop: TestShop): Promise<Cast> {
  const owner = await shop.createUser('user', { displayName: 'Olive Owner' });
  const otherCustomer = await shop.createUser('user', { displayName: 'Otto Other' });
  const admin = await shop.createUser('admin', { displayName: 'Ada Admin' });

  const removed = await shop.createUser('user');
  await shop.database.db
    .update(users)
    .set({ removedAt: new Date() })
    .where(sql`${users.id} = ${removed.user.id}`);

  const lapsed = await shop.createUser('user');
  const expiredHeaders = async () => bearer(await issuedLongAgo(shop, lapsed.sessionId));

  const subjects: Record<SubjectName, Subject> = {
    visitor: { name: 'visitor', account: null, headers: {} },
    owner: { name: 'owner', account: owner, headers: owner.headers },
    otherCustomer: { name: 'otherCustomer', account: otherCustomer, headers: otherCustomer.headers },
    admin: { name: 'admin', account: admin, headers: admin.headers },
    removedUser: { name: 'removedUser', account: removed, headers: removed.headers },
    expiredSession: { name: 'expiredSession', account: lapsed, headers: await expiredHeaders(), freshHeaders: expiredHeaders },
    tamperedToken: { name: 'tamperedToken', account: owner, headers: bearer(withSubject(owner.token, admin.sessionId)) },
  };
  return { owner, otherCustomer, admin, subjects };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

let tokensIssuedLongAgo = 0;

/**
 * A token the shop itself issued, with the shop's secret, an hour or more past its lifetime: the
 * clock is set back while it is signed, a second further for each token so no two are alike.
 */
async function issuedLongAgo(shop: TestShop, sessionId: string): Promise<string> {
  tokensIssuedLongAgo += 1;
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - (SESSION_TTL_SECONDS + 3600 + tokensIssuedLongAgo) * 1000 });
  try {
    return await shop.deps.sessions.issue({ sessionId });
  } finally {
    vi.useRealTimers();
  }
}

/** The same JWT with another subject claim, keeping the original signature. */
export function withSubject(token: string, sub: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify({ ...claims, sub })).toString('base64url'), signature].join('.');
}

/**
 * The method and URL of every route the app answers, from Fastify's own route tree (HEAD routes
 * Fastify adds for each GET are left out).
 */
export function routeTable(app: TestShop['app']): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    const methods = (match[3] ?? '')
      .split(',')
      .map((method) => method.trim())
      .filter(Boolean);
    const explicit = methods.filter((method) => method !== 'HEAD' || !methods.includes('GET'));
    for (const method of explicit) routes.push(`${method} ${path}`);
  }
  return routes.sort();
}
