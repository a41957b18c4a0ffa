// First: it may restart this process with a smaller young generation. The rest is imported after it,
// so that a restart does not load (and parse) the whole server twice.
import './young-generation.ts';

const { isClusterWorker, runClusterPrimary } = await import('./cluster.ts');
const { startErrorReporting } = await import('./error-reporting.ts');
const { createLogger } = await import('./logger.ts');
const { serve } = await import('./serve.ts');
const { fail, settingsFromEnvironment } = await import('./startup.ts');

const settings = settingsFromEnvironment();
const log = createLogger(settings);
for (const notice of settings.notices) log.warn(notice);
// package.json's engines. An older Node runs what it can (it is not tested), said once per start.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (!isClusterWorker && (major < 22 || (major === 22 && minor < 12))) {
  log.warn(
    { node: process.version },
    `Node ${process.version} is not supported (package.json engines: ^22.12.0 || ^24.0.0) and not tested: install Node 24 or 22.12+`,
  );
}
// First, so that an uncaught exception anywhere after this is reported (with SENTRY_DSN).
const errorReporter = await startErrorReporting(settings, log).catch(fail);

try {
  // With WEB_CONCURRENCY > 1 this process only runs the workers (server/cluster.ts), which come here too.
  if (!(await runClusterPrimary(settings, log))) await serveUntilSignalled();
} catch (error) {
  fail(error, settings);
}

async function serveUntilSignalled() {
  const server = await serve(settings, log, errorReporter);
  const { drainSeconds, timeoutSeconds } = settings.shutdown;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => {
      log.error({ signal, timeoutSeconds }, `shutdown took longer than ${timeoutSeconds} s; exiting anyway`);
      process.exit(1);
    }, timeoutSeconds * 1000);
    force.unref();
    // The drain (server/http/drain.ts): readiness 503 while requests are still served; then stop listening.
    server.app.drain.start();
    log.info(
      { signal, drainSeconds, timeoutSeconds },
      `shutting down: readiness answers 503 for ${drainSeconds} s while requests are still served, then in-flight requests finish`,
    );
    if (drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    await server.close();
    await errorReporter.flush(2_000);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
