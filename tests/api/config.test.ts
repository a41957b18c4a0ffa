import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'dotenv';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../../server/config.ts';

const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'settings-test-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const STRONG = randomBytes(32).toString('hex');
/** A complete, valid environment; each test breaks one thing. */
const base = (): Record<string, string> => ({
  NODE_ENV: 'test',
  DATA_DIR: tempDir(),
  SECRET_KEY: STRONG,
  FIRST_SUPERUSER: 'admin@example.com',
  FIRST_SUPERUSER_PASSWORD: 'a-strong-first-password',
});
const production = (): Record<string, string> => ({
  ...base(),
  NODE_ENV: 'production',
  DATABASE_URL: 'postgresql://app:pw@db:5432/app',
});

/** The error `loadSettings` throws for `env`, which must name `setting`. */
function expectRefused(env: Record<string, string | undefined>, setting: string) {
  let error: unknown;
  try {
    loadSettings(env);
  } catch (e) {
    error = e;
  }
  expect(error, `loadSettings accepted ${setting}=${JSON.stringify(env[setting])}`).toBeInstanceOf(Error);
  expect((error as Error).message).toContain(setting);
}

describe('loadSettings: bad values are refused with an error that names the setting', () => {
  const bad: [string, string, Record<string, string>?][] = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://user:pw@localhost:3306/app'],
    ['DATABASE_URL', 'sqlite:///tmp/app.db'],
    ['ACCESS_TOKEN_EXPIRE_MINUTES', '0'],
    ['ACCESS_TOKEN_EXPIRE_MINUTES', 'ten'],
    ['ACCESS_TOKEN_EXPIRE_MINUTES', '-5'],
    ['EMAIL_RESET_TOKEN_EXPIRE_HOURS', '0'],
    ['FRONTEND_HOST', 'not a url'],
    ['FRONTEND_HOST', 'ftp://files.example.com'],
    ['NODE_ENV', 'staging'],
    ['FIRST_SUPERUSER', 'not-an-email'],
    ['EMAILS_FROM_EMAIL', 'nobody'],
    ['BACKEND_CORS_ORIGINS', '["http://localhost:5173"'],
    ['BACKEND_CORS_ORIGINS', 'localhost:5173'],
    ['SMTP_PORT', 'abc', { SMTP_HOST: 'smtp.example.com' }],
    ['SMTP_TLS', 'maybe', { SMTP_HOST: 'smtp.example.com' }],
    ['REDIS_URL', 'http://localhost:6379'],
    ['SECRET_KEY', 'short'],
  ];
  for (const [setting, value, extra] of bad) {
    it(`${setting}=${value}`, () => {
      expectRefused({ ...base(), ...extra, [setting]: value }, setting);
    });
  }
});

describe('loadSettings: good values', () => {
  it('parses numbers, URLs and lists', () => {
    const s = loadSettings({
      ...base(),
      PORT: '8080',
      ACCESS_TOKEN_EXPIRE_MINUTES: '30',
      EMAIL_RESET_TOKEN_EXPIRE_HOURS: '2',
      DATABASE_URL: 'postgresql://app:pw@db:5432/app',
      FRONTEND_HOST: 'https://dashboard.example.com/',
      BACKEND_CORS_ORIGINS: 'http://localhost:5173, https://dashboard.example.com/',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '2525',
      SMTP_TLS: 'false',
    });
    expect(s.port).toBe(8080);
    expect(s.accessTokenExpireMinutes).toBe(30);
    expect(s.emailResetTokenExpireHours).toBe(2);
    expect(s.databaseUrl).toBe('postgresql://app:pw@db:5432/app');
    expect(s.frontendHost).toBe('https://dashboard.example.com');
    expect(s.corsOrigins).toEqual(['http://localhost:5173', 'https://dashboard.example.com']);
    expect(s.smtp).toMatchObject({ host: 'smtp.example.com', port: 2525, tls: false });
  });

  it('has the template defaults: 8-day tokens, 48-hour reset links, no SMTP', () => {
    const s = loadSettings(base());
    expect(s.accessTokenExpireMinutes).toBe(60 * 24 * 8);
    expect(s.emailResetTokenExpireHours).toBe(48);
    expect(s.smtp).toBeUndefined();
  });

  it('accepts the CORS origins as a JSON list', () => {
    const s = loadSettings({
      ...base(),
      BACKEND_CORS_ORIGINS: '["http://localhost:5173","https://a.example.com"]',
    });
    expect(s.corsOrigins).toEqual(['http://localhost:5173', 'https://a.example.com']);
  });
});

describe('loadSettings in production', () => {
  it('starts with strong secrets', () => {
    const s = loadSettings(production());
    expect(s.environment).toBe('production');
    expect(s.secretKey).toBe(STRONG);
  });

  it('refuses a missing, empty or "changethis" SECRET_KEY', () => {
    const { SECRET_KEY: _drop, ...without } = production();
    expectRefused(without, 'SECRET_KEY');
    expectRefused({ ...production(), SECRET_KEY: '' }, 'SECRET_KEY');
    expectRefused({ ...production(), SECRET_KEY: 'changethis' }, 'SECRET_KEY');
  });

  it('does not generate a secret in production', () => {
    const env = production();
    const { SECRET_KEY: _drop, ...without } = env;
    expect(() => loadSettings(without)).toThrow();
    expect(existsSync(path.join(env.DATA_DIR ?? '', 'secret_key'))).toBe(false);
  });

  it('refuses a missing, empty or "changethis" FIRST_SUPERUSER_PASSWORD', () => {
    const { FIRST_SUPERUSER_PASSWORD: _drop, ...without } = production();
    expectRefused(without, 'FIRST_SUPERUSER_PASSWORD');
    expectRefused({ ...production(), FIRST_SUPERUSER_PASSWORD: '' }, 'FIRST_SUPERUSER_PASSWORD');
    expectRefused({ ...production(), FIRST_SUPERUSER_PASSWORD: 'changethis' }, 'FIRST_SUPERUSER_PASSWORD');
  });
});

describe('loadSettings in development', () => {
  it('generates a strong secret once, keeps it in DATA_DIR and reuses it', () => {
    const dataDir = tempDir();
    const env = { NODE_ENV: 'development', DATA_DIR: dataDir };
    const first = loadSettings(env);
    expect(first.environment).toBe('development');
    expect(first.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(first.secretKey).not.toBe('changethis');
    // Kept in the data folder…
    const files = readdirSync(dataDir);
    expect(files.length).toBeGreaterThan(0);
    const stored = files.map((f) => readFileSync(path.join(dataDir, f), 'utf8'));
    expect(stored.some((text) => text.includes(first.secretKey))).toBe(true);
    // …and reused, so tokens survive a restart.
    expect(loadSettings(env).secretKey).toBe(first.secretKey);
    // Another data folder gets its own.
    expect(loadSettings({ NODE_ENV: 'development', DATA_DIR: tempDir() }).secretKey).not.toBe(
      first.secretKey,
    );
  });

  it('uses SECRET_KEY when given, and then writes nothing', () => {
    const dataDir = tempDir();
    const s = loadSettings({ NODE_ENV: 'development', DATA_DIR: dataDir, SECRET_KEY: STRONG });
    expect(s.secretKey).toBe(STRONG);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('does not require FIRST_SUPERUSER_PASSWORD outside production', () => {
    const s = loadSettings({ NODE_ENV: 'development', DATA_DIR: tempDir() });
    expect(s.firstSuperuserPassword).toBeUndefined();
  });
});

/** The settings of the template's own `.env` (fastapi/full-stack-fastapi-template), as a user has them. */
const templateEnv = (): Record<string, string> => ({
  DOMAIN: 'localhost',
  FRONTEND_HOST: 'http://localhost:5173',
  ENVIRONMENT: 'local',
  PROJECT_NAME: 'Full Stack FastAPI Project',
  STACK_NAME: 'full-stack-fastapi-project',
  BACKEND_CORS_ORIGINS:
    'http://localhost,http://localhost:5173,https://localhost,https://localhost:5173,http://localhost.tiangolo.com',
  SECRET_KEY: 'changethis',
  FIRST_SUPERUSER: 'admin@example.com',
  FIRST_SUPERUSER_PASSWORD: 'changethis',
  SMTP_HOST: '',
  SMTP_USER: '',
  SMTP_PASSWORD: '',
  EMAILS_FROM_EMAIL: 'info@example.com',
  SMTP_TLS: 'True',
  SMTP_SSL: 'False',
  SMTP_PORT: '587',
  POSTGRES_SERVER: 'localhost',
  POSTGRES_PORT: '5432',
  POSTGRES_DB: 'app',
  POSTGRES_USER: 'postgres',
  POSTGRES_PASSWORD: 'changethis',
  SENTRY_DSN: '',
  DOCKER_IMAGE_BACKEND: 'backend',
  DOCKER_IMAGE_FRONTEND: 'frontend',
  DATA_DIR: tempDir(),
});

describe("loadSettings with the template's .env", () => {
  it('reads ENVIRONMENT=local as development and POSTGRES_* as the PostgreSQL server', () => {
    const s = loadSettings(templateEnv());
    expect(s.environment).toBe('development');
    expect(s.deployed).toBe(false);
    expect(s.database.driver).toBe('postgres');
    expect(s.databaseUrl).toBe('postgresql://postgres:changethis@localhost:5432/app');
    expect(s.projectName).toBe('Full Stack FastAPI Project');
    expect(s.corsOrigins).toContain('http://localhost.tiangolo.com');
    expect(s.smtp).toBeUndefined();
    // The template warns about its placeholder secrets locally, as this server does.
    expect(s.notices.join('\n')).toContain('SECRET_KEY is "changethis"');
  });

  it('with no environment named, is strict as the template is: its placeholders are refused', () => {
    // The template's meaning of an unset FASTAPI_ENV: a server configured like a deployment gets the
    // deployment's checks, and the refusal says why.
    for (const database of [{ POSTGRES_SERVER: 'localhost' }, { DATABASE_URL: 'postgres://u@db:5432/app' }]) {
      const env = { ...templateEnv(), ENVIRONMENT: undefined, ...database };
      expectRefused(env, 'POSTGRES_PASSWORD');
      expectRefused({ ...env, POSTGRES_PASSWORD: STRONG }, 'SECRET_KEY');
      expect(() => loadSettings(env)).toThrow(
        /no ENVIRONMENT, FASTAPI_ENV or NODE_ENV is set with a PostgreSQL/,
      );
      const strong = {
        ...env,
        SECRET_KEY: STRONG,
        FIRST_SUPERUSER_PASSWORD: STRONG,
        POSTGRES_PASSWORD: STRONG,
      };
      const s = loadSettings(strong);
      expect(s.environment).toBe('production');
      expect(s.deployed).toBe(true);
      expect(s.notices.join('\n')).toContain('set ENVIRONMENT=local (or FASTAPI_ENV=development) to develop');
    }
  });

  it('with no environment named and no PostgreSQL server, is development: a fresh `npm start`', () => {
    const s = loadSettings({ DATA_DIR: tempDir() });
    expect(s.environment).toBe('development');
    expect(s.database.driver).toBe('pglite');
    expect(s.notices).toEqual([]);
  });

  it('escapes the user, password and database name into the URL', () => {
    const s = loadSettings({
      ...templateEnv(),
      POSTGRES_USER: 'app user',
      POSTGRES_PASSWORD: 'p@ss/word:1',
      POSTGRES_DB: 'my db',
      POSTGRES_PORT: '6543',
    });
    const url = new URL(s.databaseUrl ?? '');
    expect(decodeURIComponent(url.username)).toBe('app user');
    expect(decodeURIComponent(url.password)).toBe('p@ss/word:1');
    expect(url.port).toBe('6543');
    expect(decodeURIComponent(url.pathname)).toBe('/my db');
  });

  for (const environment of ['staging', 'production']) {
    for (const setting of ['SECRET_KEY', 'FIRST_SUPERUSER_PASSWORD', 'POSTGRES_PASSWORD']) {
      it(`ENVIRONMENT=${environment} refuses ${setting}=changethis`, () => {
        const strong = {
          SECRET_KEY: STRONG,
          FIRST_SUPERUSER_PASSWORD: 'a-strong-first-password',
          POSTGRES_PASSWORD: 'a-strong-db-password',
        };
        expectRefused(
          { ...templateEnv(), ...strong, ENVIRONMENT: environment, [setting]: 'changethis' },
          setting,
        );
      });
    }
  }

  it('ENVIRONMENT=production accepts a missing POSTGRES_PASSWORD, as the template does (trust, peer or certificate authentication)', () => {
    const { POSTGRES_PASSWORD: _, ...withoutPassword } = templateEnv();
    const s = loadSettings({
      ...withoutPassword,
      ENVIRONMENT: 'production',
      SECRET_KEY: STRONG,
      FIRST_SUPERUSER_PASSWORD: 'a-strong-first-password',
    });
    expect(s.databaseUrl).toBe('postgresql://postgres@localhost:5432/app');
  });

  it('ENVIRONMENT=production with real secrets is production on PostgreSQL, migrating as a release step', () => {
    const s = loadSettings({
      ...templateEnv(),
      ENVIRONMENT: 'production',
      SECRET_KEY: STRONG,
      FIRST_SUPERUSER_PASSWORD: 'a-strong-first-password',
      POSTGRES_PASSWORD: 'a-strong-db-password',
    });
    expect(s.environment).toBe('production');
    expect(s.deployed).toBe(true);
    expect(s.serveStatecharts).toBe(false);
    expect(s.database).toMatchObject({ driver: 'postgres', migrateOnStart: false, poolSize: 10 });
  });

  it('reads booleans written True/False as the template writes them', () => {
    const s = loadSettings({ ...base(), SMTP_HOST: 'smtp.example.com', SMTP_TLS: 'False', SMTP_SSL: 'True' });
    expect(s.smtp).toMatchObject({ tls: false, ssl: true });
    expect(loadSettings({ ...base(), TRUST_PROXY: 'True' }).trustProxy).toBe(true);
  });

  it('ENVIRONMENT wins over NODE_ENV, and says so', () => {
    const s = loadSettings({
      ...base(),
      NODE_ENV: 'development',
      ENVIRONMENT: 'production',
      DATABASE: 'embedded',
    });
    expect(s.environment).toBe('production');
    expect(s.notices.join('\n')).toContain('ENVIRONMENT=production wins over NODE_ENV=development');
  });

  it('DATABASE_URL wins over POSTGRES_*, and says so', () => {
    const s = loadSettings({ ...templateEnv(), DATABASE_URL: 'postgres://other@db:5432/other' });
    expect(s.databaseUrl).toBe('postgres://other@db:5432/other');
    expect(s.notices.join('\n')).toContain('DATABASE_URL wins over POSTGRES_SERVER');
  });

  it('accepts SENTRY_DSN as a URL and refuses anything else', () => {
    expect(loadSettings({ ...base(), SENTRY_DSN: 'https://key@o1.ingest.example.com/1' }).sentryDsn).toBe(
      'https://key@o1.ingest.example.com/1',
    );
    expectRefused({ ...base(), SENTRY_DSN: 'not a dsn' }, 'SENTRY_DSN');
    const reporting = loadSettings({ ...base(), SENTRY_DSN: 'https://key@o1.ingest.example.com/1' });
    expect(reporting.notices).toEqual([]);
    expect(reporting.sentryRelease).toBeUndefined();
    expect(loadSettings({ ...base(), SENTRY_RELEASE: 'web@abc123' }).sentryRelease).toBe('web@abc123');
  });
});

describe('loadSettings: the database is a decision', () => {
  it('refuses production without a PostgreSQL server, saying how to ask for the embedded one', () => {
    const { DATABASE_URL: _drop, ...without } = production();
    let message = '';
    try {
      loadSettings(without);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('DATABASE=embedded');
  });

  it('takes the embedded database in production when asked for by name', () => {
    const { DATABASE_URL: _drop, ...without } = production();
    const s = loadSettings({ ...without, DATABASE: 'embedded' });
    expect(s.database).toMatchObject({ driver: 'pglite', migrateOnStart: true });
    expect(s.databaseUrl).toBeUndefined();
  });

  it('uses the embedded database by default in development, migrating on start', () => {
    const s = loadSettings({ NODE_ENV: 'development', DATA_DIR: tempDir() });
    expect(s.database).toMatchObject({ driver: 'pglite', migrateOnStart: true });
  });

  it('drains 5 s at SIGTERM when deployed, not on a laptop; the timeout follows a longer drain', () => {
    expect(loadSettings(production()).shutdown).toEqual({ drainSeconds: 5, timeoutSeconds: 15 });
    expect(loadSettings({ NODE_ENV: 'development', DATA_DIR: tempDir() }).shutdown).toEqual({
      drainSeconds: 0,
      timeoutSeconds: 15,
    });
    expect(loadSettings({ ...production(), SHUTDOWN_DRAIN_SECONDS: '60' }).shutdown).toEqual({
      drainSeconds: 60,
      timeoutSeconds: 70,
    });
  });

  it('reads the pool size and the start-up migration setting', () => {
    const s = loadSettings({ ...production(), DATABASE_POOL_SIZE: '25', MIGRATE_ON_START: 'True' });
    expect(s.database).toMatchObject({ poolSize: 25, migrateOnStart: true });
  });

  it('reads the statement timeout, 4000 ms by default', () => {
    expect(loadSettings(production()).database.statementTimeoutMs).toBe(4_000);
    const s = loadSettings({ ...production(), DATABASE_STATEMENT_TIMEOUT_MS: '250' });
    expect(s.database.statementTimeoutMs).toBe(250);
  });

  const bad: [string, string, Record<string, string>?][] = [
    ['DATABASE', 'sqlite'],
    ['DATABASE', 'embedded', { DATABASE_URL: 'postgres://db/app' }],
    ['DATABASE', 'postgres'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '0'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '4s'],
    ['MIGRATE_ON_START', 'sometimes'],
    ['POSTGRES_USER', '', { POSTGRES_SERVER: 'db' }],
    ['POSTGRES_PORT', 'x', { POSTGRES_SERVER: 'db', POSTGRES_USER: 'app' }],
    ['LOG_LEVEL', 'verbose'],
    ['ENVIRONMENT', 'prod'],
    ['SHUTDOWN_DRAIN_SECONDS', '-1'],
    // The requests in flight at the end of the drain need time to finish.
    ['SHUTDOWN_TIMEOUT_SECONDS', '5', { SHUTDOWN_DRAIN_SECONDS: '5' }],
  ];
  for (const [setting, value, extra] of bad) {
    it(`${setting}=${value}`, () => {
      expectRefused({ ...base(), ...extra, [setting]: value }, setting);
    });
  }
});

describe('.env.example', () => {
  const root = path.join(import.meta.dirname, '..', '..');
  const example = readFileSync(path.join(root, '.env.example'), 'utf8');
  const active = parse(example);
  /** Settings shown commented out (`# NAME=value`): documented spellings, not defaults. */
  const commented = [...example.matchAll(/^#\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
  /** Every setting the server reads, by the names server/config.ts spells out. */
  const read = new Set(
    [...readFileSync(path.join(root, 'server', 'config.ts'), 'utf8').matchAll(/'([A-Z][A-Z0-9_]{2,})'/g)].map(
      (m) => m[1],
    ),
  );

  it('lists every setting the server reads, and none it does not', () => {
    expect([...read].filter((name) => !(name in active) && !commented.includes(name))).toEqual([]);
    expect([...Object.keys(active), ...commented].filter((name) => !read.has(name))).toEqual([]);
  });

  // Each line of the file, set alone, must leave the settings as the server's own default leaves them:
  // on a bare laptop, with the optional services named (SMTP, S3, a POSTGRES_SERVER), and in production.
  const bases: Record<string, Record<string, string>> = {
    bare: { SECRET_KEY: STRONG },
    // Settings whose default follows another's (FRONTEND_HOST follows PORT, EMAILS_FROM_NAME PROJECT_NAME).
    renamed: { SECRET_KEY: STRONG, PORT: '9000', PROJECT_NAME: 'Acme' },
    services: {
      ENVIRONMENT: 'local',
      SECRET_KEY: STRONG,
      SMTP_HOST: 'smtp.example.com',
      S3_BUCKET: 'uploads',
      POSTGRES_SERVER: 'db',
      POSTGRES_USER: 'app',
    },
    production: {
      ENVIRONMENT: 'production',
      SECRET_KEY: STRONG,
      FIRST_SUPERUSER_PASSWORD: 'a-strong-first-password',
      DATABASE_URL: 'postgresql://app:pw@db:5432/app',
      SMTP_HOST: 'smtp.example.com',
      S3_BUCKET: 'uploads',
    },
  };
  for (const [name, value] of Object.entries(active)) {
    it(`${name}=${value} is the default`, () => {
      for (const base of Object.values(bases)) {
        if (name in base) continue;
        expect(loadSettings({ ...base, [name]: value })).toEqual(loadSettings(base));
      }
    });
  }

  it('copied whole as .env, changes nothing but the environment named in it (local)', () => {
    const { bare } = bases;
    expect(loadSettings({ ...active, ...bare })).toEqual(loadSettings(bare));
    const s = loadSettings({ ...active, DATA_DIR: tempDir() });
    expect(s.environment).toBe('development');
    expect(s.notices).toEqual([]);
  });
});
