import { runClusterPrimary } from './cluster.ts';
import { startErrorReporting } from './error-reporting.ts';
import { createLogger } from './logger.ts';
import { serve } from './serve.ts';
import { fail, settingsFromEnvironment } from './startup.ts';

const settings = settingsFromEnvironment();
const log = createLogger(settings);
for (const notice of settings.notices) log.warn(notice);
// First, so that an uncaught exception anywhere after this is reported (with SENTRY_DSN).
const errorReporter = await startErrorReporting(settings, log);

try {
  // With WEB_CONCURRENCY > 1 this process only runs the workers (server/cluster.ts), which come here too.
  if (!(await runClusterPrimary(settings, log))) await serveUntilSignalled();
} catch (error) {
  fail(error, settings);
}

async function serveUntilSignalled() {
  const server = await serve(settings, log, errorReporter);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    await errorReporter.flush(2_000);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
