// The browser the journeys drive: CHROMIUM_PATH when set, and one sentence when it cannot be run.
import { expect, it } from 'vitest';
import { chromiumPath } from './chromium-path';

it('drives the browser CHROMIUM_PATH names', () => {
  expect(chromiumPath({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
});

it('says in one sentence that CHROMIUM_PATH names no program', () => {
  expect(() => chromiumPath({ CHROMIUM_PATH: '/nowhere/chromium' })).toThrow(
    'CHROMIUM_PATH: /nowhere/chromium is not a program this user can run; point it at a Chromium or Chrome binary.',
  );
});
