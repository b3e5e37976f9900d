// Only names that reach this machine count as loopback: a name that merely contains one (a
// rebinding domain such as localhost.attacker.example) must not.
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback';

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LocalHost', '127.0.0.1', '127.10.200.3', '::1', '[::1]'])('takes %s', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    'evil-localhost',
    'localhost.attacker.example',
    'x127.0.0.1',
    '127.0.0.1.attacker.example',
    '127.0.0.1000',
    '10.0.0.1',
    '::1x',
    '',
  ])('refuses %s', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
