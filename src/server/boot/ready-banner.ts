// What the server says once it listens. A person who ran `npm start` in a terminal gets one banner:
// what this process does (ROLE: the shop, the background jobs, or both), where the shop is and, in
// embedded mode, how to try it (the demo accounts the Auth emulator was seeded with, the payments
// emulator's test cards, the mail inbox). A worker serves no shop, so its banner gives only its
// health checks and the inbox. A log collector (stdout not a terminal, the same rule that picks
// JSON logs in process-logger.ts) gets one JSON line instead.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { DEMO_PASSWORD, demoAccounts } from '../db/demo-data';
import { runsBackgroundJobs, servesShop, type ProcessRole } from '../process-role';
import { TEST_CARD_NUMBERS } from './stand-ins';

export interface ReadyFacts {
  url: string;
  role: ProcessRole;
  /** Present when the identity provider is the seeded emulator: these accounts can sign in. */
  demoAccounts?: ReadonlyArray<{ email: string; role: string }>;
  demoPassword?: string;
  /** Present when payments go to the payments emulator. */
  testCards?: { pays: string; declined: string };
  /** Where the mail the shop sends can be read, when a mail catcher runs beside it. */
  mailInbox?: string;
}

/** The facts of this configuration: demo accounts and test cards only where they exist and a shop is served. */
export function readyFacts(url: string, config: Config, mailInbox?: string): ReadyFacts {
  const shop = servesShop(config.role);
  return {
    url,
    role: config.role,
    ...(shop && config.identity.kind === 'emulator' ? { demoAccounts, demoPassword: DEMO_PASSWORD } : {}),
    ...(shop && config.payments.kind === 'emulator' ? { testCards: TEST_CARD_NUMBERS } : {}),
    ...(mailInbox ? { mailInbox } : {}),
  };
}

/** What a process of this role does, as a sentence's predicate. */
function duties(role: ProcessRole): string {
  const jobs = 'sends the order emails and expires unpaid holds';
  if (!servesShop(role)) return `${jobs}; it serves no shop, only its health checks (ROLE=worker)`;
  if (!runsBackgroundJobs(role)) return `serves the shop; a ROLE=worker process ${jobs}`;
  return `serves the shop, ${jobs}`;
}

/** "4242424242424242" as it is typed from the card: "4242 4242 4242 4242". */
function grouped(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function readyBanner(facts: ReadyFacts): string {
  const lines = servesShop(facts.role)
    ? [`Sprocket is ready: ${facts.url}`]
    : [`Sprocket's worker is ready: health checks at ${facts.url}/health and ${facts.url}/ready`];
  lines.push(`  This process ${duties(facts.role)}.`);
  if (facts.demoAccounts) {
    lines.push('', `  Demo accounts (password ${facts.demoPassword ?? ''}):`);
    const width = Math.max(...facts.demoAccounts.map(({ email }) => email.length));
    for (const { email, role } of facts.demoAccounts)
      lines.push(`    ${email.padEnd(width)}  ${role === 'admin' ? 'admin' : 'customer'}`);
  }
  if (facts.testCards) {
    lines.push('', '  Test cards (any future expiry, any CVC):');
    lines.push(`    ${grouped(facts.testCards.pays)}  pays`, `    ${grouped(facts.testCards.declined)}  is declined`);
  }
  if (facts.mailInbox) lines.push('', `  Mail inbox: ${facts.mailInbox}`);
  if (lines.length > 2) lines.push('', '  Stop with Ctrl-C.');
  return `${lines.join('\n')}\n`;
}

/** The banner on a terminal; one `ready` log line (JSON for collectors) otherwise. */
export function announceReady(
  facts: ReadyFacts,
  log: FastifyBaseLogger,
  stdout: { isTTY?: boolean; write: (text: string) => unknown } = process.stdout,
): void {
  if (stdout.isTTY) stdout.write(`\n${readyBanner(facts)}\n`);
  else log.info({ url: facts.url, role: facts.role, does: duties(facts.role) }, 'ready');
}
