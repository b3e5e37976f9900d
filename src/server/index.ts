// Boot: read the configuration, start the dependencies, build the app, listen and say where.
// Stops gracefully on SIGINT/SIGTERM: in-flight requests finish, then the emulators stop and the
// last spans are sent, within SHUTDOWN_TIMEOUT_MS.
import { buildApp } from './app';
import { processLogger } from './boot/process-logger';
import { listenBootFailure } from './boot/boot-failure';
import { announceReady, readyFacts } from './boot/ready-banner';
import { stopGracefullyOnSignals } from './boot/shutdown';
import { startDependencies } from './boot/start-dependencies';
import { startTracing } from './boot/tracing';
import { ConfigError, loadConfig } from './config';
import { projectPath } from './project-root';

const clientDir = projectPath('dist/client');

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  // Before the app is built, so that its Fastify instance is traced (off unless configured).
  const tracing = await startTracing(process.env);
  const { log } = await processLogger(config.logLevel);
  const started = await startDependencies(config, log);
  const app = await buildApp(started.deps, {
    runtimeConfig: started.runtimeConfig,
    clientDir,
    ping: started.ping,
    logger: log,
    holdExpiry: { olderThanMs: config.holdExpiryMs },
    sessionCheck: { intervalMs: config.sessionCheckIntervalMs },
    security: config.security,
    rateLimitStore: started.rateLimitStore,
    trustProxy: config.trustProxy,
    metricsToken: config.metricsToken,
    role: config.role,
    ...(started.mailer ? { emailSender: { mailer: started.mailer } } : {}),
  });
  const close = async () => {
    await started.close();
    await tracing?.shutdown();
  };
  stopGracefullyOnSignals(app, log, close, { timeoutMs: config.shutdownTimeoutMs });

  const url = await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
    await close();
    throw listenBootFailure(error, config.host, config.port);
  });
  announceReady(readyFacts(url, config, started.mailInbox), log);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
