// Once the server listens, a person at a terminal learns in one banner where the shop is and, in
// embedded mode, how to try it; a log collector gets one JSON line and no banner.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { TEST_SESSION_SECRET, TEST_STRIPE_KEYS } from '../testing/test-keys';
import { announceReady, readyBanner, readyFacts } from './ready-banner';

const URL = 'http://127.0.0.1:3000';

describe('readyBanner', () => {
  it('shows the demo accounts, their password and the test cards in embedded mode', () => {
    const banner = readyBanner(readyFacts(URL, loadConfig({})));
    expect(banner).toContain(`Sprocket is ready: ${URL}`);
    expect(banner).toContain('Demo accounts (password sprocket123):');
    expect(banner).toMatch(/admin@example\.com\s+admin/);
    expect(banner).toMatch(/customer@example\.com\s+customer/);
    expect(banner).toMatch(/4242 4242 4242 4242\s+pays/);
    expect(banner).toMatch(/4000 0000 0000 0002\s+is declined/);
    expect(banner).not.toContain('Mail inbox');
  });

  it('adds the mail inbox when one runs beside the shop', () => {
    expect(readyBanner(readyFacts(URL, loadConfig({}), 'http://127.0.0.1:1080'))).toContain('Mail inbox: http://127.0.0.1:1080');
  });

  it('is only the address when identity and payments are real, where no demo account or test card exists', () => {
    const production = loadConfig({
      FIREBASE_PROJECT_ID: 'shop',
      FIREBASE_API_KEY: 'key',
      SHOP_URL: 'https://shop.example',
      SESSION_SECRET: TEST_SESSION_SECRET,
      STRIPE_SECRET_KEY: TEST_STRIPE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: TEST_STRIPE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_KEYS.webhookSecret,
    });
    expect(readyBanner(readyFacts('https://shop.example', production))).toBe('Sprocket is ready: https://shop.example\n');
  });
});

describe('announceReady', () => {
  function capture(isTTY: boolean) {
    const stdout = { isTTY, text: '', write: (chunk: string) => (stdout.text += chunk) };
    const logged: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(line) });
    announceReady(readyFacts(URL, loadConfig({})), log, stdout);
    return { printed: stdout.text, logged: logged.map((line) => JSON.parse(line) as { msg: string; url: string }) };
  }

  it('prints the banner to a terminal', () => {
    const { printed, logged } = capture(true);
    expect(printed).toContain('Demo accounts');
    expect(logged).toEqual([]);
  });

  it('logs one JSON line with the address, and prints nothing else, when stdout is not a terminal', () => {
    const { printed, logged } = capture(false);
    expect(printed).toBe('');
    expect(logged).toMatchObject([{ msg: 'ready', url: URL }]);
  });
});
