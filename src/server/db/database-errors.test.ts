// Which errors mean "the database is away" (answered 503), and which are ordinary failures.
import { TRPCError } from '@trpc/server';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { databaseUnavailableError, isDatabaseUnavailable } from './database-errors';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', 'ECONNREFUSED'],
    ['a reset connection', 'ECONNRESET'],
    ['the driver seeing the connection close', 'CONNECTION_CLOSED'],
    ['the driver timing out a connect', 'CONNECT_TIMEOUT'],
    ['an administrator shutdown (57P01)', '57P01'],
    ['a server starting up (57P03)', '57P03'],
    ['a connection failure (08006)', '08006'],
  ])('recognises %s, also when wrapped by drizzle', (_what, code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], withCode(code)))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a check violation', withCode('23514')],
    ['a plain error', new Error('boom')],
    ['a value that is not an error', 'ECONNREFUSED'],
  ])('leaves %s alone', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('databaseUnavailableError', () => {
  it('gives a 503 with the shop’s message, keeping the cause', () => {
    const cause = withCode('57P01');
    expect(databaseUnavailableError(cause)).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: messages.databaseUnavailable,
      cause,
    });
  });

  it.each([
    ['statement_timeout (57014)', '57014'],
    ['lock_timeout (55P03)', '55P03'],
  ])('gives a 503 saying nothing changed when Postgres gave up on a statement: %s', (_what, code) => {
    expect(databaseUnavailableError(new DrizzleQueryError('update tools', [], withCode(code)))).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: messages.databaseBusy,
    });
    expect(isDatabaseUnavailable(withCode(code))).toBe(false);
  });

  it('keeps another dependency’s 503 as it is', () => {
    const paymentsDown = new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: messages.paymentsUnavailable,
      cause: withCode('ECONNREFUSED'),
    });
    expect(databaseUnavailableError(paymentsDown)).toBeNull();
  });
});
