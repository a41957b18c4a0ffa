import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorEvent } from '@sentry/node-core/light';
import { type Settings, SettingsError } from './config.ts';
import type { Logger } from './logger.ts';
import { projectRoot } from './paths.ts';

/** What a report may say about the request it came from: no headers, no body, no query string. */
export interface ReportedRequest {
  id: string;
  method: string;
  /** The path without its query (a signed file link carries its signature there). */
  path: string;
  /** The route's pattern (`/api/v1/items/:id`), which groups reports better than the path. */
  route: string | undefined;
}

export interface ErrorReporter {
  /** An error no handler expected (the 500 path of server/http/error-handler.ts). */
  report(error: unknown, request: ReportedRequest): void;
  /** Sends what is still queued, waiting at most `timeoutMs` (at shutdown). */
  flush(timeoutMs: number): Promise<void>;
}

/** Without SENTRY_DSN: nothing is reported and Sentry's SDK is never loaded. */
export const noErrorReporter: ErrorReporter = { report() {}, async flush() {} };

/** SENTRY_RELEASE when set (Sentry's own setting), else this package's name@version. */
function release(settings: Pick<Settings, 'sentryRelease'>): string {
  if (settings.sentryRelease) return settings.sentryRelease;
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
  return `${pkg.name}@${pkg.version}`;
}

/** Drizzle's query errors end with the query's parameters (hashes, addresses): withheld. */
const QUERY_PARAMETERS = /\nparams: [\s\S]*$/;

/** The last guard: whatever an integration added, a report carries no request headers, cookies or body. */
function withoutSecrets(event: ErrorEvent): ErrorEvent {
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = exception.value.replace(QUERY_PARAMETERS, '\nparams: [withheld]');
  }
  if (event.request) {
    const { method, url } = event.request;
    event.request = { method, url };
  }
  delete event.breadcrumbs;
  return event;
}

/**
 * Reports unexpected errors to Sentry when SENTRY_DSN is set (README › Settings). The light SDK leaves out
 * OpenTelemetry; only the integrations named here run, so nothing reads requests or output behind our back.
 */
export async function startErrorReporting(settings: Settings, log: Logger): Promise<ErrorReporter> {
  if (!settings.sentryDsn) return noErrorReporter;
  const Sentry = await import('@sentry/node-core/light').catch((error: NodeJS.ErrnoException) => {
    // A production install (`npm ci --omit=dev`) leaves Sentry's SDK and its OpenTelemetry out.
    if (error.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new SettingsError(
      'SENTRY_DSN',
      "it is set, but Sentry's SDK is not installed (a production install leaves it out): " +
        'add it with `npm install --omit=dev --no-save @sentry/node-core@10`',
    );
  });
  const named = release(settings);
  Sentry.initWithoutDefaultIntegrations({
    dsn: settings.sentryDsn,
    environment: settings.environment,
    release: named,
    sendDefaultPii: false,
    integrations: [
      Sentry.linkedErrorsIntegration(),
      Sentry.nodeContextIntegration(),
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
    ],
    beforeSend: withoutSecrets,
  });
  log.info(
    { environment: settings.environment, release: named },
    'unexpected errors are reported to Sentry (SENTRY_DSN)',
  );
  return {
    report(error, request) {
      Sentry.withScope((scope) => {
        scope.setTag('request_id', request.id);
        if (request.route) scope.setTag('route', request.route);
        scope.addEventProcessor((event) => ({
          ...event,
          request: { method: request.method, url: request.path },
        }));
        Sentry.captureException(error);
      });
    },
    async flush(timeoutMs) {
      await Sentry.flush(timeoutMs);
    },
  };
}
