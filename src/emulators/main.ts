// `npm run emulators`: the embedded Auth and payments emulators of DATA_DIR as a process of their
// own, for an operator running several storefront processes on one machine; each of those then
// connects to them instead of starting its own (docs/decisions/0017). Configured like the server:
// DATA_DIR, FIREBASE_AUTH_EMULATOR_HOST, STRIPE_API_BASE, CORS_ORIGINS, and PORT, the address the
// browser reaches the shop at (the load balancer's), which card confirmations come from and the
// payments emulator's events go to. Stops on Ctrl-C or SIGTERM. It reads the storefront's own
// configuration and starts them through the storefront's boot seam (src/server/boot/stand-ins.ts),
// so the command and the server processes agree on where they answer and with which keys.
import { processLogger } from '../server/boot/process-logger';
import { useStandIns } from '../server/boot/stand-ins';
import { ConfigError, loadConfig } from '../server/config';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { log } = await processLogger(config.logLevel);
  if (config.identity.kind !== 'emulator' && config.payments.kind !== 'emulator') {
    throw new ConfigError('Nothing to run: identity and payments are both configured for real.');
  }
  const emulators = await useStandIns({ config, log, takeOver: false });
  if (!emulators.startedHere) {
    await emulators.close();
    throw new Error(`The emulators of ${config.dataDir} already run in another process (see ${config.dataDir}/emulators.json).`);
  }
  const stop = () => void emulators.close().then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
