import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import helmet from 'helmet';
import { API_PREFIX } from '../openapi/prefix.ts';
import { registerAuthGuard } from './auth/guard.ts';
import { authHandlers } from './auth/handlers.ts';
import { sessionHandlers } from './auth/sessions.ts';
import type { Settings } from './config.ts';
import type { Database } from './db/index.ts';
import { type ErrorReporter, noErrorReporter } from './error-reporting.ts';
import { apiMethods, operationsOf } from './http/api-routes.ts';
import { registerBodyMediaTypeCheck } from './http/body-media-type.ts';
import { clientErrorHandler, registerExpectationCheck, registerHostCheck } from './http/client-errors.ts';
import { registerDrain } from './http/drain.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import type { OperationHandlers } from './http/types.ts';
import { validatorCompiler } from './http/validation.ts';
import { itemHandlers } from './items/handlers.ts';
import { createItemsRepository, type ItemsRepository } from './items/repository.ts';
import { type Limiter, limiterOf } from './limits/rate-limiter.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMailDelivery, type MailDelivery } from './mail/queue.ts';
import type { TemplateContext } from './mail/templates.ts';
import { openapiPath, webRoot } from './paths.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { fileHandlers } from './storage/handlers.ts';
import { createStorage } from './storage/storage.ts';
import type { UploadedFile } from './storage/uploads.ts';
import { confirmationHandlers } from './users/confirmation.ts';
import { userFileHandlers } from './users/files.ts';
import { userHandlers } from './users/handlers.ts';
import { userPreferenceHandlers } from './users/preferences.ts';
import { createUsersRepository, type UsersRepository } from './users/repository.ts';
import { utilHandlers } from './utils/handlers.ts';
import { registerWebApp } from './web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    settings: Settings;
    db: Database;
    users: UsersRepository;
    items: ItemsRepository;
    mailer: Mailer;
    mailDelivery: MailDelivery;
    templateContext: TemplateContext;
    storage: FileStorage;
    limiter: Limiter;
    errorReporter: ErrorReporter;
  }
}

export interface AppOptions {
  settings: Settings;
  db: Database;
  mailer?: Mailer;
  storage?: FileStorage;
  /** Folder of the built SPA; omitted → `dist/web/` if it exists. Pass `false` for an API-only server. */
  webRoot?: string | false;
  logger?: boolean;
  /** The process's logger (server/logger.ts); without it Fastify makes its own at settings.logLevel. */
  loggerInstance?: FastifyBaseLogger;
  /** Where unexpected errors go besides the log (server/error-reporting.ts); without it, nowhere. */
  errorReporter?: ErrorReporter;
}

/** A proxy's X-Request-Id is kept when it is a plain token of sane length. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Behind a trusted proxy its X-Request-Id, so one id follows the request through both logs; otherwise a
 * random UUID, so that a client cannot pick ids that collide with others' or forge lines into a search.
 */
function requestIds(trustProxy: boolean) {
  return (request: { headers: Record<string, string | string[] | undefined> }): string => {
    const given = trustProxy ? request.headers['x-request-id'] : undefined;
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  };
}

const PROBES = new Set([`${API_PREFIX}/utils/health-check/`, `${API_PREFIX}/utils/readiness/`]);
/** The liveness and readiness checks a load balancer polls every few seconds. */
const isProbe = (url: string) => PROBES.has(url.split('?')[0] ?? url);

/** A load balancer's polls of the probes would be most of the log: their request lines are at debug. */
class ProbesAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (isProbe(request.url)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply);
  }
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (!error && isProbe(request.url)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else super.requestCompleted(error, request, reply);
  }
}

export function loadOpenApiDocument(): Record<string, unknown> {
  return JSON.parse(readFileSync(openapiPath, 'utf8'));
}

/**
 * The document as the routes see it: responses keep only their JSON content, which is all Fastify
 * serialises; fastify-openapi-glue warned at every start about a parser for image/png, text/html….
 */
function routeSpecification(document: Record<string, unknown>): Record<string, unknown> {
  const routes = structuredClone(document);
  for (const operation of operationsOf(routes)) {
    for (const response of Object.values(operation.responses ?? {})) {
      const json = response.content?.['application/json'];
      if (json) response.content = { 'application/json': json };
      else delete response.content;
    }
  }
  return routes;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { settings } = options;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger === false ? false : { level: settings.logLevel } }),
    requestIdHeader: false,
    genReqId: requestIds(settings.trustProxy),
    logController: new ProbesAtDebug(),
    bodyLimit: 1024 * 1024,
    trustProxy: settings.trustProxy,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // Requests received before the app closes are served, not refused with Fastify's 503 (drain.test.ts).
    return503OnClosing: false,
    // The router's own refusals (a bad %-escape, an over-long parameter) in the API's shape (fuzz.test.ts).
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      (reply as import('fastify').FastifyReply)
        .code(status)
        .send({ detail: status === 414 ? 'URI Too Long' : 'Bad Request' });
    },
    // What Node's HTTP parser refuses before Fastify (431, 414, 408, malformed HTTP) in the same shape.
    clientErrorHandler,
    // Node's own Host check answers with an empty body; registerHostCheck makes it with {detail}.
    http: { requireHostHeader: false },
  });
  app.setValidatorCompiler(validatorCompiler);

  app.decorate('settings', settings);
  app.decorate('errorReporter', options.errorReporter ?? noErrorReporter);
  app.decorate('db', options.db);
  app.decorate('users', createUsersRepository(options.db));
  app.decorate('items', createItemsRepository(options.db));
  app.decorate('mailer', options.mailer ?? createMailer(settings, app.log));
  app.decorate('templateContext', { projectName: settings.projectName, frontendHost: settings.frontendHost });
  app.decorate('storage', options.storage ?? (await createStorage(settings)));
  app.decorate('limiter', limiterOf(settings, app.log));
  app.decorate(
    'mailDelivery',
    createMailDelivery(options.db, app.mailer, app.log, {
      failedRetentionDays: settings.emailFailedRetentionDays,
    }),
  );
  // Once listening: a start that fails (a port in use) says so first, with no e-mail worker in its way.
  app.addHook('onListen', async () => app.mailDelivery.start());
  app.addHook('onClose', async () => {
    await app.mailDelivery.stop();
    app.mailer.close();
    await app.limiter.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  registerDrain(app);

  // Built once: @fastify/helmet rebuilds it and re-parses the policy per request (seen in profiles).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Scripts only from our own origin: no inline scripts, no eval.
        scriptSrc: ["'self'"],
        // Chakra UI (Emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // blob: lets the photo preview read the file the user just chose.
        connectSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Sent below only on HTTPS: over plain HTTP the header means nothing and would mislead.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
  await app.register(cors, {
    origin: settings.corsOrigins.length > 0 ? settings.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // Readable by another origin: the wait of a 429 (409, 503), the request id, an Idempotency-Key replay.
    exposedHeaders: ['Retry-After', 'x-request-id', 'Idempotent-Replayed'],
  });
  // After helmet and CORS, so that even a refused request carries their headers.
  registerHostCheck(app);
  registerExpectationCheck(app);
  registerAuthGuard(app);
  registerBodyMediaTypeCheck(app);
  registerJsonBodyParser(app);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // Files reach handlers with their name and declared type; the handler decides what to trust.
    async onFile(part) {
      const { filename, mimetype } = part;
      const file: UploadedFile = {
        filename,
        mimetype,
        data: await part.toBuffer(),
        truncated: part.file.truncated,
      };
      (part as unknown as { value: UploadedFile }).value = file;
    },
    throwFileSizeLimit: true,
    limits: { fields: 20, fieldSize: 64 * 1024, files: 1, fileSize: 20 * 1024 * 1024, parts: 21 },
  });

  const document = loadOpenApiDocument();
  // Before the routes, so that its hooks run for them: after the guard and validation, before each handler.
  registerIdempotency(app, document);
  const serviceHandlers: OperationHandlers = {
    ...authHandlers(app),
    ...sessionHandlers(app),
    ...userHandlers(app),
    ...itemHandlers(app),
    ...utilHandlers(app),
    ...userPreferenceHandlers(app),
    ...confirmationHandlers(app),
    ...userFileHandlers(app),
    ...fileHandlers(app),
  };
  const missing = missingOperations(document, serviceHandlers);
  if (missing.length > 0) throw new Error(`No handler for operations: ${missing.join(', ')}`);
  await app.register(openapiGlue, {
    specification: routeSpecification(document),
    serviceHandlers,
    prefix: API_PREFIX,
  });

  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await registerWebApp(
    app,
    options.webRoot === undefined ? webRoot : options.webRoot,
    apiMethods(document, API_PREFIX),
  );
  return app;
}

/** Every operation of the OpenAPI document must have a handler: a missing one is a start-up error. */
export const missingOperations = (document: Record<string, unknown>, handlers: object) =>
  operationsOf(document)
    .map((operation) => operation.operationId)
    .filter((id): id is string => typeof id === 'string' && !(id in handlers));
