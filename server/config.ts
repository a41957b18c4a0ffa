import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A limit of `points` requests per `seconds`, written `points/seconds` (e.g. `10/900`). */
export interface RateLimit {
  points: number;
  seconds: number;
}

/** Each limit's variable and default: they aim at abuse, not use (a test suite logging in a lot passes). */
const RATE_LIMIT_VARIABLES = {
  loginPerIp: ['RATE_LIMIT_LOGIN_PER_IP', '300/60'],
  loginFailuresPerAccount: ['RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT', '100/900'],
  loginFailuresPerAccountAndIp: ['RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_AND_IP', '10/900'],
  signupPerIp: ['RATE_LIMIT_SIGNUP_PER_IP', '120/60'],
  recoveryPerIp: ['RATE_LIMIT_RECOVERY_PER_IP', '120/60'],
  recoveryPerAccount: ['RATE_LIMIT_RECOVERY_PER_ACCOUNT', '10/600'],
  resetPerIp: ['RATE_LIMIT_RESET_PER_IP', '60/60'],
  confirmPerIp: ['RATE_LIMIT_CONFIRM_PER_IP', '120/60'],
  confirmPerAccount: ['RATE_LIMIT_CONFIRM_PER_ACCOUNT', '20/600'],
} as const;

export type LimitName = keyof typeof RATE_LIMIT_VARIABLES;
export type RateLimits = { enabled: boolean } & Record<LimitName, RateLimit>;

export type S3Settings = NonNullable<ReturnType<typeof s3Settings>>;

/** PostgreSQL for more than one process; the embedded PGlite (one process per folder) by default locally. */
export type DatabaseSettings = (
  | { driver: 'postgres'; url: string }
  | {
      driver: 'pglite';
      /** Folder of the embedded database (DATA_DIR/pglite). */
      dataDir: string;
    }
) & {
  /** Connections of the request pool (PostgreSQL). */
  poolSize: number;
  /** Bring the schema up to date when the server starts; otherwise a server whose schema is behind refuses to serve. */
  migrateOnStart: boolean;
  /** How long start-up and `db:migrate` wait for an unreachable PostgreSQL server before giving up. */
  connectWaitSeconds: number;
  /** PostgreSQL cancels a request's statement (or open transaction) after this many ms: rolled back, answered 503. */
  statementTimeoutMs: number;
};

/** The template's three environments, plus `test` for this project's own test suites. */
export type Environment = 'development' | 'staging' | 'production' | 'test';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const LOG_FORMATS = ['pretty', 'json'] as const;

export type Settings = ReturnType<typeof loadSettings>;

export class SettingsError extends Error {
  constructor(
    readonly setting: string,
    reason: string,
  ) {
    super(`Invalid setting ${setting}: ${reason}`);
  }
}

type Env = Record<string, string | undefined>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A setting's value; empty is unset. */
function optional(env: Env, name: string): string | undefined {
  return env[name] === '' ? undefined : env[name];
}

const str = (env: Env, name: string, fallback: string) => optional(env, name) ?? fallback;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new SettingsError(name, `expected a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new SettingsError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new SettingsError(name, `expected true or false, got "${raw}"`);
}

/** One of `values` (any letter case), else `fallback` when unset. */
function oneOf<T extends string, F>(env: Env, name: string, values: readonly T[], fallback: F): T | F {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  const value = raw.trim().toLowerCase() as T;
  if (!values.includes(value)) {
    const listed = `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
    throw new SettingsError(name, `expected ${listed}, got "${raw}"`);
  }
  return value;
}

function address(env: Env, name: string, fallback: string): string {
  const value = str(env, name, fallback);
  if (!EMAIL.test(value)) throw new SettingsError(name, 'expected an e-mail address');
  return value;
}

function url(name: string, value: string): string {
  if (!['http:', 'https:'].includes(URL.parse(value)?.protocol ?? ''))
    throw new SettingsError(name, `expected an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

function rate(env: Env, name: string, fallback: string): RateLimit {
  const raw = str(env, name, fallback).trim();
  const match = /^(\d+)\s*\/\s*(\d+)$/.exec(raw);
  if (!match) throw new SettingsError(name, `expected "requests/seconds" such as "10/60", got "${raw}"`);
  const points = Number(match[1]);
  const seconds = Number(match[2]);
  if (points < 1 || seconds < 1)
    throw new SettingsError(name, 'requests and seconds must both be at least 1');
  return { points, seconds };
}

function rateLimits(env: Env): RateLimits {
  const limits = Object.entries(RATE_LIMIT_VARIABLES).map(
    ([limit, [name, fallback]]) => [limit, rate(env, name, fallback)] as const,
  );
  return {
    enabled: bool(env, 'RATE_LIMIT_ENABLED', true),
    ...(Object.fromEntries(limits) as Record<LimitName, RateLimit>),
  };
}

/** A JSON list, or a comma-separated one. */
function parseOrigins(raw = ''): string[] {
  let list: unknown = raw.split(',');
  if (raw.trim().startsWith('[')) {
    try {
      list = JSON.parse(raw);
    } catch {
      throw new SettingsError('BACKEND_CORS_ORIGINS', 'not a valid JSON list');
    }
    if (!Array.isArray(list) || !list.every((o) => typeof o === 'string')) {
      throw new SettingsError('BACKEND_CORS_ORIGINS', 'expected a JSON list of strings');
    }
  }
  return (list as string[])
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => url('BACKEND_CORS_ORIGINS', o));
}

/** Generated once and kept in the data folder, so that tokens survive restarts with no key to invent. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret_key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function redisUrl(value: string | undefined): string | undefined {
  if (value !== undefined && !/^rediss?:\/\//.test(value)) {
    throw new SettingsError('REDIS_URL', 'expected a redis:// or rediss:// URL');
  }
  return value;
}

function s3Settings(env: Env) {
  const bucket = optional(env, 'S3_BUCKET');
  if (!bucket) return undefined;
  const endpoint = optional(env, 'S3_ENDPOINT');
  if (endpoint) url('S3_ENDPOINT', endpoint);
  return {
    bucket,
    region: str(env, 'S3_REGION', 'us-east-1'),
    endpoint,
    accessKeyId: optional(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: optional(env, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
  };
}

/** The environments' names in ENVIRONMENT (the template's `local`…) and FASTAPI_ENV (its current `.env`). */
const ENVIRONMENT_NAMES = ['local', 'development', 'staging', 'production', 'test'] as const;

const UNNAMED_STRICT = 'no ENVIRONMENT, FASTAPI_ENV or NODE_ENV is set with a PostgreSQL server configured';

/** How a refusal names the environment it applies: as set, or why an unset one is strict. */
function environmentNamed(env: Env, environment: Environment): string {
  const named = ['ENVIRONMENT', 'FASTAPI_ENV', 'NODE_ENV'].some((name) => optional(env, name) !== undefined);
  return named ? `ENVIRONMENT=${environment}` : `${UNNAMED_STRICT} (strict, as ENVIRONMENT=production)`;
}

/**
 * ENVIRONMENT, else FASTAPI_ENV, else NODE_ENV: the first one set wins, a disagreeing later one is a
 * notice. None set is strict (`production`, as in the template) for a server configured with PostgreSQL,
 * else `development`, so that a fresh `npm start` works (README › Settings).
 */
function environmentOf(env: Env, notices: string[]): Environment {
  const [chosen, ...others] = (['ENVIRONMENT', 'FASTAPI_ENV', 'NODE_ENV'] as const).flatMap((name) => {
    const names = name === 'NODE_ENV' ? (['development', 'production', 'test'] as const) : ENVIRONMENT_NAMES;
    const value = oneOf(env, name, names, undefined);
    const environment = value === 'local' ? 'development' : value;
    return environment === undefined ? [] : [{ name, value, environment }];
  });
  if (chosen === undefined) {
    if (optional(env, 'DATABASE_URL') === undefined && optional(env, 'POSTGRES_SERVER') === undefined)
      return 'development';
    notices.push(
      `${UNNAMED_STRICT}: checked as ENVIRONMENT=production; set ENVIRONMENT=local (or FASTAPI_ENV=development) to develop`,
    );
    return 'production';
  }
  for (const other of others) {
    // NODE_ENV=production beside ENVIRONMENT=staging is the usual way to run a staging build.
    const agrees =
      other.environment === chosen.environment ||
      (other.name === 'NODE_ENV' && other.value === 'production' && chosen.environment === 'staging');
    if (!agrees) notices.push(`${chosen.name}=${chosen.value} wins over ${other.name}=${other.value}`);
  }
  return chosen.environment;
}

/**
 * DATABASE_URL, else the template's POSTGRES_*, else the embedded database, which staging and production
 * take only when DATABASE=embedded asks for it.
 */
function databaseSettings(
  env: Env,
  environment: Environment,
  dataDir: string,
  notices: string[],
): { url: string | undefined; database: DatabaseSettings } {
  let url = optional(env, 'DATABASE_URL');
  if (url && !/^postgres(ql)?:\/\//.test(url)) {
    throw new SettingsError('DATABASE_URL', 'expected a postgres:// or postgresql:// URL');
  }
  const server = optional(env, 'POSTGRES_SERVER');
  if (url && server) {
    notices.push('DATABASE_URL wins over POSTGRES_SERVER/POSTGRES_* (both are set)');
  } else if (server) {
    const user = optional(env, 'POSTGRES_USER');
    if (!user) throw new SettingsError('POSTGRES_USER', 'must be set with POSTGRES_SERVER');
    const port = int(env, 'POSTGRES_PORT', 5432, 1, 65535);
    const password = optional(env, 'POSTGRES_PASSWORD');
    const name = optional(env, 'POSTGRES_DB');
    const host = server.includes(':') && !server.startsWith('[') ? `[${server}]` : server;
    const credentials = `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}`;
    url = `postgresql://${credentials}@${host}:${port}/${name ? encodeURIComponent(name) : ''}`;
  }
  const deployed = environment === 'staging' || environment === 'production';
  const asked = oneOf(env, 'DATABASE', ['embedded', 'postgres'] as const, undefined);
  if (asked === 'embedded' && url) {
    throw new SettingsError(
      'DATABASE',
      'is "embedded" but a PostgreSQL server is set too (DATABASE_URL or POSTGRES_SERVER): keep one',
    );
  }
  if (asked === 'postgres' && !url) {
    throw new SettingsError('DATABASE', 'is "postgres" but neither DATABASE_URL nor POSTGRES_SERVER is set');
  }
  if (!url && deployed && asked !== 'embedded') {
    throw new SettingsError(
      'DATABASE_URL',
      `ENVIRONMENT=${environment} needs a PostgreSQL server: set DATABASE_URL (or POSTGRES_SERVER, POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB). ` +
        'To run on the embedded database instead (one server process, data in DATA_DIR/pglite), set DATABASE=embedded',
    );
  }
  const common = {
    poolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    connectWaitSeconds: int(env, 'DATABASE_CONNECT_WAIT_SECONDS', 30, 0, 3600),
    statementTimeoutMs: int(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 4_000, 100, 600_000),
  };
  const database: DatabaseSettings = url
    ? // Deployments migrate as a release step (`npm run db:migrate`); a laptop migrates on start.
      { driver: 'postgres', url, ...common, migrateOnStart: bool(env, 'MIGRATE_ON_START', !deployed) }
    : {
        driver: 'pglite',
        dataDir: path.join(dataDir, 'pglite'),
        ...common,
        migrateOnStart: bool(env, 'MIGRATE_ON_START', true),
      };
  return { url, database };
}

export function loadSettings(env: Env = process.env) {
  const notices: string[] = [];
  const environment = environmentOf(env, notices);
  const deployed = environment === 'staging' || environment === 'production';
  const named = environmentNamed(env, environment);
  const dataDir = path.resolve(str(env, 'DATA_DIR', './data'));
  const { url: databaseUrl, database } = databaseSettings(env, environment, dataDir, notices);

  /** A secret of at least `min` characters, required when deployed; `changethis` as in the template. */
  const secret = (name: string, min = 0) => {
    const value = optional(env, name);
    if (value === 'changethis' && deployed)
      throw new SettingsError(name, `must not be "changethis" when ${named}: set a strong random value`);
    if (value === 'changethis' && name === 'SECRET_KEY') {
      notices.push(
        'SECRET_KEY is "changethis": ignored here, tokens are signed with the key generated in DATA_DIR/secret_key',
      );
      // Locally the placeholder stands for "no key chosen": the generated one is safer to sign with.
      return undefined;
    }
    if (value === 'changethis') notices.push(`${name} is "changethis": change it, at least for deployments`);
    if (min > 0 && deployed && value === undefined)
      throw new SettingsError(name, `must be set to a strong random value when ${named} (not "changethis")`);
    if (value !== undefined && value.length < min)
      throw new SettingsError(name, `must be at least ${min} characters`);
    return value;
  };
  secret('POSTGRES_PASSWORD');
  const secretKey = secret('SECRET_KEY', 16) ?? developmentSecret(dataDir);
  const firstSuperuser = address(env, 'FIRST_SUPERUSER', 'admin@example.com');
  const firstSuperuserPassword = secret('FIRST_SUPERUSER_PASSWORD', 8);

  const smtpHost = optional(env, 'SMTP_HOST');
  const smtp = smtpHost
    ? {
        host: smtpHost,
        port: int(env, 'SMTP_PORT', 587, 1, 65535),
        user: optional(env, 'SMTP_USER'),
        password: optional(env, 'SMTP_PASSWORD'),
        tls: bool(env, 'SMTP_TLS', true),
        ssl: bool(env, 'SMTP_SSL', false),
      }
    : undefined;
  const projectName = str(env, 'PROJECT_NAME', 'Full Stack Starter');

  const port = int(env, 'PORT', 8000, 0, 65535);
  const sentryDsn = optional(env, 'SENTRY_DSN');
  if (sentryDsn !== undefined) url('SENTRY_DSN', sentryDsn);

  return {
    environment,
    /** staging or production: secrets must be real and the embedded database is opt-in. */
    deployed,
    projectName,
    host: str(env, 'HOST', 'localhost'),
    port,
    dataDir,
    /** The PostgreSQL server's URL (from DATABASE_URL or the template's POSTGRES_*), if one is used. */
    databaseUrl,
    database,
    secretKey,
    firstSuperuser,
    firstSuperuserPassword,
    frontendHost: url('FRONTEND_HOST', str(env, 'FRONTEND_HOST', `http://localhost:${port}`)),
    corsOrigins: parseOrigins(optional(env, 'BACKEND_CORS_ORIGINS')),
    accessTokenExpireMinutes: int(env, 'ACCESS_TOKEN_EXPIRE_MINUTES', 60 * 24 * 8, 1, 60 * 24 * 366),
    emailResetTokenExpireHours: int(env, 'EMAIL_RESET_TOKEN_EXPIRE_HOURS', 48, 1, 24 * 30),
    smtp,
    emailsFromEmail: address(env, 'EMAILS_FROM_EMAIL', 'info@example.com'),
    emailsFromName: str(env, 'EMAILS_FROM_NAME', projectName),
    /** Days an e-mail the SMTP server refused for good stays in the queue (to be looked at) before it is deleted. */
    emailFailedRetentionDays: int(env, 'EMAIL_FAILED_RETENTION_DAYS', 30, 1, 3650),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, environment === 'test' ? 'silent' : 'info'),
    /** `pretty` lines for a terminal (the default in development) or JSON lines (elsewhere). */
    logFormat: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, environment === 'development' ? 'pretty' : 'json'),
    /** Unexpected errors are reported to this Sentry project (the template's SENTRY_DSN); unset: none. */
    sentryDsn,
    /** The release reports name (Sentry's SENTRY_RELEASE); unset: this package's name@version. */
    sentryRelease: optional(env, 'SENTRY_RELEASE'),
    serveStatecharts: bool(env, 'SERVE_STATECHARTS', !deployed),
    /** Trust X-Forwarded-* from a reverse proxy (needed to see HTTPS behind one). */
    trustProxy: bool(env, 'TRUST_PROXY', false),
    redisUrl: redisUrl(optional(env, 'REDIS_URL')),
    /** Prefix of every Redis key this server writes, so several apps can share one Redis. */
    redisKeyPrefix: str(env, 'REDIS_KEY_PREFIX', 'starter'),
    /** How long one Redis command may take before Redis counts as unreachable (ms). */
    redisTimeoutMs: int(env, 'REDIS_TIMEOUT_MS', 250, 20, 60_000),
    rateLimits: rateLimits(env),
    s3: s3Settings(env),
    /** Things worth a warning at start-up (which of two spellings won, a weak secret outside production). */
    notices,
    webConcurrency: webConcurrency(env, databaseUrl),
    shutdown: shutdown(env, deployed),
  };
}

/** The drain after SIGTERM and the shutdown's bound (docs/reliability.md); Ctrl-C needs no drain. */
function shutdown(env: Env, deployed: boolean) {
  const drainSeconds = int(env, 'SHUTDOWN_DRAIN_SECONDS', deployed ? 5 : 0, 0, 600);
  const timeoutSeconds = int(env, 'SHUTDOWN_TIMEOUT_SECONDS', Math.max(15, drainSeconds + 10), 1, 3600);
  if (timeoutSeconds <= drainSeconds) {
    throw new SettingsError(
      'SHUTDOWN_TIMEOUT_SECONDS',
      `must be longer than SHUTDOWN_DRAIN_SECONDS (${drainSeconds}), got ${timeoutSeconds}: the requests in flight at the end of the drain need time to finish`,
    );
  }
  return { drainSeconds, timeoutSeconds };
}

/** Server processes sharing the port (node:cluster); more than one needs PostgreSQL. */
function webConcurrency(env: Env, databaseUrl: string | undefined): number {
  const count = int(env, 'WEB_CONCURRENCY', 1, 1, 256);
  if (count > 1 && !databaseUrl) {
    throw new SettingsError(
      'WEB_CONCURRENCY',
      `${count} processes need a PostgreSQL server (DATABASE_URL or POSTGRES_SERVER): the embedded database belongs to one process`,
    );
  }
  return count;
}
