import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SmtpSettings {
  host: string;
  port: number;
  user: string | undefined;
  password: string | undefined;
  tls: boolean;
  ssl: boolean;
}

/** A limit of `points` requests per `seconds`, written `points/seconds` (e.g. `10/900`). */
export interface RateLimit {
  points: number;
  seconds: number;
}

export interface RateLimits {
  enabled: boolean;
  loginPerIp: RateLimit;
  loginFailuresPerAccount: RateLimit;
  signupPerIp: RateLimit;
  recoveryPerIp: RateLimit;
  recoveryPerAccount: RateLimit;
  resetPerIp: RateLimit;
  confirmPerIp: RateLimit;
  confirmPerAccount: RateLimit;
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export interface Settings {
  environment: 'development' | 'production' | 'test';
  projectName: string;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  secretKey: string;
  firstSuperuser: string;
  firstSuperuserPassword: string | undefined;
  frontendHost: string;
  corsOrigins: string[];
  accessTokenExpireMinutes: number;
  emailResetTokenExpireHours: number;
  smtp: SmtpSettings | undefined;
  emailsFromEmail: string;
  emailsFromName: string;
  logLevel: string;
  serveStatecharts: boolean;
  /** Trust X-Forwarded-* from a reverse proxy (needed to see HTTPS behind one). */
  trustProxy: boolean;
  redisUrl: string | undefined;
  /** Prefix of every Redis key this server writes, so several apps can share one Redis. */
  redisKeyPrefix: string;
  rateLimits: RateLimits;
  s3: S3Settings | undefined;
}

export class SettingsError extends Error {
  constructor(
    readonly setting: string,
    reason: string,
  ) {
    super(`Invalid setting ${setting}: ${reason}`);
  }
}

type Env = Record<string, string | undefined>;

const WEAK_SECRETS = new Set(['', 'changethis']);

function str(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
}

function optional(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new SettingsError(name, `expected a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new SettingsError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new SettingsError(name, `expected true or false, got "${raw}"`);
}

function url(name: string, value: string): string {
  try {
    const parsed = new URL(value);
    if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error();
  } catch {
    throw new SettingsError(name, `expected an http(s) URL, got "${value}"`);
  }
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

/** Defaults aim at abuse, not use: a test suite signing up and logging in dozens of times a minute passes. */
export const RATE_LIMIT_DEFAULTS = {
  RATE_LIMIT_LOGIN_PER_IP: '300/60',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '10/900',
  RATE_LIMIT_SIGNUP_PER_IP: '120/60',
  RATE_LIMIT_RECOVERY_PER_IP: '120/60',
  RATE_LIMIT_RECOVERY_PER_ACCOUNT: '10/600',
  RATE_LIMIT_RESET_PER_IP: '60/60',
  RATE_LIMIT_CONFIRM_PER_IP: '120/60',
  RATE_LIMIT_CONFIRM_PER_ACCOUNT: '20/600',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parseOrigins(raw: string | undefined): string[] {
  if (!raw) return [];
  const trimmed = raw.trim();
  let list: unknown;
  if (trimmed.startsWith('[')) {
    try {
      list = JSON.parse(trimmed);
    } catch {
      throw new SettingsError('BACKEND_CORS_ORIGINS', 'not a valid JSON list');
    }
    if (!Array.isArray(list) || !list.every((o) => typeof o === 'string')) {
      throw new SettingsError('BACKEND_CORS_ORIGINS', 'expected a JSON list of strings');
    }
  } else {
    list = trimmed.split(',');
  }
  return (list as string[])
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => url('BACKEND_CORS_ORIGINS', o));
}

/**
 * In development a secret is generated once and kept in the data folder, so tokens survive restarts
 * without anyone having to invent a key.
 */
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

function s3Settings(env: Env): S3Settings | undefined {
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

export function loadSettings(env: Env = process.env): Settings {
  const nodeEnv = str(env, 'NODE_ENV', 'development');
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    throw new SettingsError('NODE_ENV', `expected development, production or test, got "${nodeEnv}"`);
  }
  const environment = nodeEnv as Settings['environment'];
  const production = environment === 'production';
  const dataDir = path.resolve(str(env, 'DATA_DIR', './data'));

  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new SettingsError('DATABASE_URL', 'expected a postgres:// or postgresql:// URL');
  }

  let secretKey = optional(env, 'SECRET_KEY');
  if (production && (secretKey === undefined || WEAK_SECRETS.has(secretKey))) {
    throw new SettingsError(
      'SECRET_KEY',
      'must be set to a strong random value in production (not "changethis")',
    );
  }
  if (secretKey !== undefined && secretKey.length < 16) {
    throw new SettingsError('SECRET_KEY', 'must be at least 16 characters');
  }
  secretKey ??= developmentSecret(dataDir);

  const firstSuperuser = str(env, 'FIRST_SUPERUSER', 'admin@example.com');
  if (!EMAIL.test(firstSuperuser)) throw new SettingsError('FIRST_SUPERUSER', 'expected an e-mail address');
  const firstSuperuserPassword = optional(env, 'FIRST_SUPERUSER_PASSWORD');
  if (production && (firstSuperuserPassword === undefined || WEAK_SECRETS.has(firstSuperuserPassword))) {
    throw new SettingsError('FIRST_SUPERUSER_PASSWORD', 'must be set in production (not "changethis")');
  }
  if (firstSuperuserPassword !== undefined && firstSuperuserPassword.length < 8) {
    throw new SettingsError('FIRST_SUPERUSER_PASSWORD', 'must be at least 8 characters');
  }

  const smtpHost = optional(env, 'SMTP_HOST');
  const smtp: SmtpSettings | undefined = smtpHost
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
  const emailsFromEmail = str(env, 'EMAILS_FROM_EMAIL', 'info@example.com');
  if (!EMAIL.test(emailsFromEmail))
    throw new SettingsError('EMAILS_FROM_EMAIL', 'expected an e-mail address');

  const port = int(env, 'PORT', 8000, 0, 65535);
  return {
    environment,
    projectName,
    host: str(env, 'HOST', 'localhost'),
    port,
    dataDir,
    databaseUrl,
    secretKey,
    firstSuperuser,
    firstSuperuserPassword,
    frontendHost: url('FRONTEND_HOST', str(env, 'FRONTEND_HOST', `http://localhost:${port}`)),
    corsOrigins: parseOrigins(optional(env, 'BACKEND_CORS_ORIGINS')),
    accessTokenExpireMinutes: int(env, 'ACCESS_TOKEN_EXPIRE_MINUTES', 60 * 24 * 8, 1, 60 * 24 * 366),
    emailResetTokenExpireHours: int(env, 'EMAIL_RESET_TOKEN_EXPIRE_HOURS', 48, 1, 24 * 30),
    smtp,
    emailsFromEmail,
    emailsFromName: str(env, 'EMAILS_FROM_NAME', projectName),
    logLevel: str(env, 'LOG_LEVEL', environment === 'test' ? 'silent' : 'info'),
    serveStatecharts: bool(env, 'SERVE_STATECHARTS', !production),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    redisUrl: redisUrl(optional(env, 'REDIS_URL')),
    redisKeyPrefix: str(env, 'REDIS_KEY_PREFIX', 'starter'),
    rateLimits: {
      enabled: bool(env, 'RATE_LIMIT_ENABLED', true),
      loginPerIp: rate(env, 'RATE_LIMIT_LOGIN_PER_IP', RATE_LIMIT_DEFAULTS.RATE_LIMIT_LOGIN_PER_IP),
      loginFailuresPerAccount: rate(
        env,
        'RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT',
        RATE_LIMIT_DEFAULTS.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      ),
      signupPerIp: rate(env, 'RATE_LIMIT_SIGNUP_PER_IP', RATE_LIMIT_DEFAULTS.RATE_LIMIT_SIGNUP_PER_IP),
      recoveryPerIp: rate(env, 'RATE_LIMIT_RECOVERY_PER_IP', RATE_LIMIT_DEFAULTS.RATE_LIMIT_RECOVERY_PER_IP),
      recoveryPerAccount: rate(
        env,
        'RATE_LIMIT_RECOVERY_PER_ACCOUNT',
        RATE_LIMIT_DEFAULTS.RATE_LIMIT_RECOVERY_PER_ACCOUNT,
      ),
      resetPerIp: rate(env, 'RATE_LIMIT_RESET_PER_IP', RATE_LIMIT_DEFAULTS.RATE_LIMIT_RESET_PER_IP),
      confirmPerIp: rate(env, 'RATE_LIMIT_CONFIRM_PER_IP', RATE_LIMIT_DEFAULTS.RATE_LIMIT_CONFIRM_PER_IP),
      confirmPerAccount: rate(
        env,
        'RATE_LIMIT_CONFIRM_PER_ACCOUNT',
        RATE_LIMIT_DEFAULTS.RATE_LIMIT_CONFIRM_PER_ACCOUNT,
      ),
    },
    s3: s3Settings(env),
  };
}
