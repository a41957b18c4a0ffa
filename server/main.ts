import { createLogger } from './logger.ts';
import { serve } from './serve.ts';
import { fail, settingsFromEnvironment } from './startup.ts';

const settings = settingsFromEnvironment();
const log = createLogger(settings);
for (const notice of settings.notices) log.warn(notice);

try {
  const server = await serve(settings, log);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
} catch (error) {
  fail(error);
}
