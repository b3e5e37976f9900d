// Boot: read the configuration, start the dependencies, build the app, listen and say where.
// Stops gracefully on SIGINT/SIGTERM (boot/shutdown.ts): readiness fails for SHUTDOWN_DRAIN_MS, the
// requests in flight finish, then the emulators stop and the last spans are sent, within
// SHUTDOWN_TIMEOUT_MS; database work still running then is rolled back.
import { buildApp } from './app';
import { loadPageRenderer, PAGE_RENDER_BUNDLE } from './boot/page-renderer';
import { processLogger } from './boot/process-logger';
import { listenBootFailure } from './boot/boot-failure';
import { announceReady, readyFacts } from './boot/ready-banner';
import { stopGracefullyOnSignals, type StopState } from './boot/shutdown';
import { startDependencies } from './boot/start-dependencies';
import { startTracing } from './boot/tracing';
import { ConfigError, loadConfig } from './config';
import { projectPath } from './project-root';

const clientDir = projectPath('dist/client');

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { log } = await processLogger(config.logLevel);
  // Before the app is built, so that its Fastify instance is traced (off unless configured).
  const tracing = await startTracing(process.env, log);
  const started = await startDependencies(config, log);
  const stopState: StopState = { stopping: false };
  const app = await buildApp(started.deps, {
    runtimeConfig: started.runtimeConfig,
    clientDir,
    pageRenderer: await loadPageRenderer(projectPath(PAGE_RENDER_BUNDLE)),
    ping: started.ping,
    logger: log,
    holdExpiry: { olderThanMs: config.holdExpiryMs },
    sessionCheck: { intervalMs: config.sessionCheckIntervalMs },
    security: config.security,
    rateLimitStore: started.rateLimitStore,
    trustProxy: config.trustProxy,
    metricsToken: config.metricsToken,
    role: config.role,
    stopState,
    ...(started.mailer ? { emailSender: { mailer: started.mailer } } : {}),
    webhookSender: {},
  });
  const close = async () => {
    await started.close();
    await tracing?.shutdown();
  };
  stopGracefullyOnSignals(
    app,
    log,
    { state: stopState, closeRest: close, abandonRest: started.abandonDatabaseWork },
    { timeoutMs: config.shutdownTimeoutMs, drainMs: config.shutdownDrainMs },
  );

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
