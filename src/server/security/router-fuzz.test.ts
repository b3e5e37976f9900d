// Fuzzing every procedure of appRouter over tRPC and every REST path (the orders export too), with
// inputs read from the procedures' own schemas and biased to the edges (testing/edge-inputs.ts),
// as a visitor, a customer and an admin: whatever arrives, the answer is never a 5xx, and a
// refusal is the JSON error shape with a sentence. Procedures come from the router and routes from
// Fastify's route table, so a new one is fuzzed without editing this file. The bad-input-*.test.ts
// files prove the other half: junk in an otherwise valid call is refused and changes nothing.
//
// Each run draws a seed and prints it; FUZZ_SEED=<seed> replays the same calls in the same order
// (with the same FUZZ_RUNS).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { ZodType } from 'zod';
import { appRouter } from '../routers';
import { expectReadableError, procedureTypes, routeTable, trpcCall, wellFormed, type HttpCall } from '../testing/attacks';
import { edgeValue, jsonSchemaOf, pathSegment, sameTextEverywhere, type JsonSchema, type KnownValues } from '../testing/edge-inputs';
import { bookLegacyPart, paidLegacyBooking } from '../testing/payments';
import { createTestShop, type TestUser } from '../testing/test-shop';

/**
 * Calls per procedure and per REST route: about 17 s of CPU for the whole file on PGlite. A longer
 * hunt sets FUZZ_RUNS.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/** A property makes RUNS calls: on a busy machine that takes longer than one test usually may. */
const PROPERTY_TIMEOUT_MS = 120_000 * Math.max(1, RUNS / 25);

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: ZodType[] } }>;

function inputSchemaOf(path: string): JsonSchema | null {
  const [input] = procedures[path]?._def.inputs ?? [];
  return input ? jsonSchemaOf(input) : null;
}

/** Every field any procedure takes, by name: what a REST body, path or query parameter may carry. */
function fieldsOfEveryProcedure(): Record<string, JsonSchema> {
  const fields = new Map<string, JsonSchema[]>();
  for (const path of Object.keys(procedures)) {
    for (const [name, field] of Object.entries(inputSchemaOf(path)?.properties ?? {})) {
      fields.set(name, [...(fields.get(name) ?? []), field]);
    }
  }
  return Object.fromEntries([...fields].map(([name, options]) => [name, { anyOf: options }]));
}

// The shop is made while the tests are collected, so its route table can name one test per route.
const shop = await createTestShop();
const restRoutes = routeTable(shop.app).filter((route) => !route.includes(' /trpc/') && route !== 'OPTIONS *');

type Caller = 'visitor' | 'customer' | 'admin';
const callers = fc.constantFrom<Caller>('visitor', 'customer', 'admin');

let people: Record<Exclude<Caller, 'visitor'>, TestUser>;
let known: KnownValues;
const sessions = new Map<Caller, Record<string, string>>();
const tally = { calls: 0, refused: 0, served: 0 };

beforeAll(async () => {
  people = { customer: await shop.createUser('user'), admin: await shop.createUser('admin') };
  const victim = await shop.createUser('user');
  const unpaid = await bookLegacyPart(shop, people.customer, { quantity: 1 });
  const paid = await paidLegacyBooking(shop, people.customer);
  const review = await shop.caller(people.customer.user).reviews.create({ rating: 5, text: 'Fuzzed, and still fine.' });
  // Neither the callers' ids nor the customer's email: the fuzz must not remove the people making
  // its calls, nor make the customer an admin.
  known = {
    ids: [unpaid.booking._id, unpaid.toolId, paid.booking._id, paid.toolId, review._id, victim.user.id],
    emails: [people.admin.user.email, victim.user.email],
  };
});
afterAll(async () => {
  console.info(`router fuzz, FUZZ_SEED=${seed}: ${tally.calls} calls, ${tally.refused} refused readably, ${tally.served} served`);
  await shop.close();
});

/** The caller's session headers; a session the fuzz ended (a sign-out) is replaced by a new one. */
async function headersOf(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'visitor') return {};
  const kept = sessions.get(caller);
  if (kept) return kept;
  const { token } = await shop.openSession(people[caller].user.id);
  sessions.set(caller, { authorization: `Bearer ${token}` });
  return headersOf(caller);
}

async function expectNoServerFault(call: HttpCall, caller: Caller): Promise<void> {
  const response = await shop.app.inject({ ...call, headers: { ...(await headersOf(caller)), ...call.headers } });
  tally.calls += 1;
  if (response.statusCode === 401) sessions.delete(caller);
  const sent = typeof call.payload === 'string' ? call.payload.slice(0, 300) : '';
  expect(response.statusCode, `${call.method} ${call.url.slice(0, 300)} ${sent} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    tally.refused += 1;
    expectReadableError(response);
  } else {
    tally.served += 1;
  }
}

let properties = 0;

/** Runs a property on this file's seed (the next one for each property, in order). */
async function fuzz<T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>): Promise<void> {
  properties += 1;
  onTestFailed(() => console.error(`router fuzz failed: replay the run with FUZZ_SEED=${seed}`));
  await fc.assert(fc.asyncProperty(arbitrary, check), { numRuns: RUNS, seed: seed + properties });
}

describe('every procedure, over tRPC', () => {
  for (const path of Object.keys(procedureTypes())) {
    it(
      `${path}: answers edge and ill-typed input without a server fault`,
      async () => {
        const schema = inputSchemaOf(path);
        // A procedure without input is sent one now and then: it must ignore it.
        const input = schema ? edgeValue(schema, known) : fc.option(edgeValue({}, known), { nil: undefined, freq: 4 });
        await fuzz(fc.tuple(callers, input), ([caller, value]) => expectNoServerFault(trpcCall(path, value), caller));
      },
      PROPERTY_TIMEOUT_MS,
    );
  }
});

/** Text for a path or query parameter: a value a field of that name takes, as text, or any edge text. */
function parameterText(field: JsonSchema | undefined): fc.Arbitrary<string> {
  const anyText = edgeValue({ type: 'string' }, known);
  const value = field ? fc.oneof(edgeValue(field, known), anyText) : anyText;
  return value.map((item) => wellFormed(typeof item === 'string' ? item : (JSON.stringify(item) ?? '')));
}

/**
 * Calls of a REST route with edge path parameters, query and body. Which query keys and body fields
 * a route reads is its own affair, so every field any procedure takes may come; the query now and
 * then carries one value in every key (a range from 9999-12-31 to 9999-12-31).
 */
function restCalls(route: string): fc.Arbitrary<HttpCall> {
  const fields = fieldsOfEveryProcedure();
  const [method = 'GET', pattern = '/'] = route.split(' ');
  const paramNames = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  // REST paths name an id `amount` in the query (DELETE /booking?amount=<id>).
  const queryNames = [...new Set([...Object.keys(fields), 'amount'])];
  const eachKey = fc.record(Object.fromEntries(queryNames.map((name) => [name, parameterText(fields[name])])), { requiredKeys: [] });
  const sameInEveryKey = sameTextEverywhere(known).map((text) => Object.fromEntries(queryNames.map((name) => [name, text])));
  const query = fc.oneof(eachKey, sameInEveryKey);
  const body = edgeValue({ type: 'object', properties: fields }, known);
  return fc.tuple(fc.tuple(...paramNames.map((name) => parameterText(fields[name]))), query, body).map(([values, search, payload]) => {
    const path = paramNames.reduce((built, name, index) => built.replace(`:${name}`, pathSegment(values[index] ?? '')), pattern);
    const text = new URLSearchParams(
      Object.entries(search).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ).toString();
    const call: HttpCall = { method, url: text ? `${path}?${text}` : path };
    if (!['POST', 'PUT', 'PATCH'].includes(method)) return call;
    return { ...call, payload: JSON.stringify(payload) ?? 'null', headers: { 'content-type': 'application/json' } };
  });
}

describe('every REST path', () => {
  it('finds the REST paths, the orders export among them, in the route table', () => {
    expect(restRoutes).toEqual(expect.arrayContaining(['GET /admin/orders.csv', 'POST /booking', 'DELETE /booking']));
  });

  for (const route of restRoutes) {
    it(
      `${route}: answers edge and ill-typed parameters and bodies without a server fault`,
      async () => {
        await fuzz(fc.tuple(callers, restCalls(route)), ([caller, call]) => expectNoServerFault(call, caller));
      },
      PROPERTY_TIMEOUT_MS,
    );
  }
});
