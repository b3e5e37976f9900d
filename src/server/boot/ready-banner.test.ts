// Once the server listens, a person at a terminal learns in one banner what this process does (its
// ROLE), where the shop is and, in embedded mode, how to try it; a worker claims no shop and a web
// process no background jobs; a log collector gets one JSON line and no banner.
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

  it('gives only the address and what the process does when identity and payments are real, with no demo account or test card', () => {
    const production = loadConfig({
      FIREBASE_PROJECT_ID: 'shop',
      FIREBASE_API_KEY: 'key',
      SHOP_URL: 'https://shop.example',
      SESSION_SECRET: TEST_SESSION_SECRET,
      STRIPE_SECRET_KEY: TEST_STRIPE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: TEST_STRIPE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_KEYS.webhookSecret,
      SMTP_URL: 'smtp://mail.example:587',
    });
    expect(readyBanner(readyFacts('https://shop.example', production))).toBe(
      'Sprocket is ready: https://shop.example\n  This process serves the shop, sends the order emails and expires unpaid holds.\n',
    );
  });

  it('says a web process serves the shop and leaves the emails and holds to a worker', () => {
    const banner = readyBanner(readyFacts(URL, loadConfig({ ROLE: 'web' })));
    expect(banner).toContain(`Sprocket is ready: ${URL}`);
    expect(banner).toContain('This process serves the shop; a ROLE=worker process sends the order emails and expires unpaid holds.');
    expect(banner).toContain('Demo accounts');
  });

  it('gives a worker only its health checks and inbox, with no shop, demo account or test card', () => {
    const banner = readyBanner(readyFacts(URL, loadConfig({ ROLE: 'worker' }), 'http://127.0.0.1:1080'));
    expect(banner.split('\n')[0]).toBe(`Sprocket's worker is ready: health checks at ${URL}/health and ${URL}/ready`);
    expect(banner).toContain(
      'This process sends the order emails and expires unpaid holds; it serves no shop, only its health checks (ROLE=worker).',
    );
    expect(banner).toContain('Mail inbox: http://127.0.0.1:1080');
    expect(banner).not.toContain('Sprocket is ready');
    expect(banner).not.toContain('Demo accounts');
    expect(banner).not.toContain('Test cards');
  });
});

describe('announceReady', () => {
  function capture(isTTY: boolean, env: NodeJS.ProcessEnv = {}) {
    const stdout = { isTTY, text: '', write: (chunk: string) => (stdout.text += chunk) };
    const logged: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(line) });
    announceReady(readyFacts(URL, loadConfig(env)), log, stdout);
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
    expect(logged).toMatchObject([{ msg: 'ready', url: URL, role: 'all' }]);
  });

  it('logs what a worker does, in its JSON line', () => {
    expect(capture(false, { ROLE: 'worker' }).logged).toMatchObject([
      { msg: 'ready', role: 'worker', does: expect.stringContaining('serves no shop') as unknown },
    ]);
  });
});
