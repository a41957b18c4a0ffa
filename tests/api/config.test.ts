import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
const production = (): Record<string, string> => ({ ...base(), NODE_ENV: 'production' });

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
