// Boot: read the configuration, start the dependencies, build the app and listen.
// Stops gracefully on SIGINT/SIGTERM: in-flight requests finish, then the emulators stop.
import { buildApp } from './app';
import { processLogger } from './boot/process-logger';
import { listenBootFailure } from './boot/boot-failure';
import { stopGracefullyOnSignals } from './boot/shutdown';
import { startDependencies } from './boot/start-dependencies';
import { ConfigError, loadConfig } from './config';
import { projectPath } from './project-root';

const clientDir = projectPath('dist/client');

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { log } = await processLogger(config.logLevel);
  const started = await startDependencies(config, log);
  const app = await buildApp(started.deps, {
    runtimeConfig: started.runtimeConfig,
    clientDir,
    ping: started.ping,
    logger: log,
    holdExpiry: { olderThanMs: config.holdExpiryMs },
    security: config.security,
    rateLimitStore: started.rateLimitStore,
    trustProxy: config.trustProxy,
    metricsToken: config.metricsToken,
    role: config.role,
    ...(started.mailer ? { emailSender: { mailer: started.mailer } } : {}),
  });
  stopGracefullyOnSignals(app, log, started.close);

  await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
    await started.close();
    throw listenBootFailure(error, config.host, config.port);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
