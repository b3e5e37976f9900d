// The payments emulator as a command of its own, for a storefront or any Stripe SDK pointed at it
// from outside (STRIPE_API_BASE): `npx tsx src/emulators/payments/main.ts --help`. Logs to stdout
// and stops on Ctrl-C or SIGTERM once webhook deliveries in flight are done. Without keys it makes
// up a pair for the run and prints them: a key anyone can guess would let any local program pay.
import { parseArgs } from 'node:util';
import { randomBase62 } from './ids';
import { startPaymentsEmulator } from './index';

const USAGE = `usage: tsx src/emulators/payments/main.ts [options]
  --host <address>           interface to listen on (127.0.0.1)
  --port <number>            port to listen on (12111; 0 picks a free one)
  --secret-key <sk_test_…>   key the storefront's server sends (made up and printed)
  --publishable-key <pk_…>   key the browser sends (made up and printed)
  --allowed-origin <origin>  a storefront origin whose pages may confirm cards (repeatable; none)
  --webhook-url <url>        where payment_intent.* events are posted (none: no webhooks)
  --webhook-secret <whsec_…> signs them; required with --webhook-url
  --state-file <path>        keeps PaymentIntents across restarts (in memory without it)`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '12111' },
      'secret-key': { type: 'string' },
      'publishable-key': { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true, default: [] },
      'webhook-url': { type: 'string' },
      'webhook-secret': { type: 'string', default: '' },
      'state-file': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port: ${values.port} is not a port number`);

  const secretKey = values['secret-key'] ?? `sk_test_${randomBase62(32)}`;
  const publishableKey = values['publishable-key'] ?? `pk_test_${randomBase62(32)}`;
  const emulator = await startPaymentsEmulator({
    host: values.host,
    port,
    secretKey,
    publishableKey,
    allowedOrigins: values['allowed-origin'],
    webhookUrl: values['webhook-url'],
    webhookSecret: values['webhook-secret'],
    stateFile: values['state-file'],
    log: (line) => console.log(line),
  });
  if (values['secret-key'] === undefined) console.log(`payments emulator: secret key ${secretKey}`);
  if (values['publishable-key'] === undefined) console.log(`payments emulator: publishable key ${publishableKey}`);
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`payments emulator: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
});
