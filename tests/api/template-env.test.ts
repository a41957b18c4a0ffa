// A template user's .env, unchanged but for where its PostgreSQL server is: the real server process
// starts on it, reads POSTGRES_* as its database, and logs the superuser in with FIRST_SUPERUSER_PASSWORD.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_TEMPLATE_DOTENV } from '../fixtures/template-dotenv.ts';
import { createTestDatabase, type ServerProcess, startServerProcess } from '../support/processes.ts';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;

/** fastapi/full-stack-fastapi-template's .env (its values), Docker and Traefik lines included. */
const TEMPLATE_ENV = {
  DOMAIN: 'localhost',
  FRONTEND_HOST: 'http://localhost:5173',
  ENVIRONMENT: 'local',
  PROJECT_NAME: 'Full Stack FastAPI Project',
  STACK_NAME: 'full-stack-fastapi-project',
  BACKEND_CORS_ORIGINS:
    'http://localhost,http://localhost:5173,https://localhost,https://localhost:5173,http://localhost.tiangolo.com',
  SECRET_KEY: 'a8c2d9f3e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f',
  FIRST_SUPERUSER: 'admin@example.com',
  FIRST_SUPERUSER_PASSWORD: 'SecureAdminPass123!',
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
  POSTGRES_PASSWORD: 'SecureDbPass456!',
  SENTRY_DSN: '',
  DOCKER_IMAGE_BACKEND: 'backend',
  DOCKER_IMAGE_FRONTEND: 'frontend',
};

describe.skipIf(!serverUrl)("the server process on the template's .env", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase(serverUrl ?? '', 'template_env');
    const url = new URL(database.url);
    env = {
      ...TEMPLATE_ENV,
      POSTGRES_SERVER: url.hostname,
      POSTGRES_PORT: url.port || '5432',
      POSTGRES_USER: decodeURIComponent(url.username),
      POSTGRES_DB: url.pathname.slice(1),
      ...(url.password ? { POSTGRES_PASSWORD: decodeURIComponent(url.password) } : {}),
      // The test harness's own defaults, undone: the template's file says none of these.
      NODE_ENV: '',
      DATABASE: '',
      MIGRATE_ON_START: '',
      LOG_LEVEL: 'info',
    };
  });
  afterAll(() => database?.drop());

  it('starts on its PostgreSQL server and logs the superuser in', async () => {
    let server: ServerProcess | undefined;
    try {
      server = await startServerProcess(env);
      expect(server.output()).toMatch(/environment development; database postgres postgresql:\/\//);
      // A local start logs for a person (README › Logs): `hh:mm:ss.mmm LEVEL message`, no JSON line.
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '');
      expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
      expect(lines.some((line) => /^\d{2}:\d{2}:\d{2}\.\d{3} INFO +\S/.test(line))).toBe(true);
      const res = await fetch(`${server.base}/api/v1/login/access-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'admin@example.com', password: 'SecureAdminPass123!' }),
      });
      expect(res.status).toBe(200);
      const ready = await fetch(`${server.base}/api/v1/utils/readiness/`);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not used' } });
    } finally {
      await server?.stop();
    }
  });

  it('with ENVIRONMENT=production refuses the placeholder "changethis", naming the setting', async () => {
    await expect(
      startServerProcess({ ...env, ENVIRONMENT: 'production', SECRET_KEY: 'changethis' }),
    ).rejects.toThrow(
      /Invalid setting SECRET_KEY: must not be \\?"changethis\\?" when ENVIRONMENT=production/,
    );
  });
});

/**
 * The template's current `.env` (tests/api/dotenv.test.ts), written as a file in the server's working
 * folder, unchanged but for where its database is: FASTAPI_ENV=development and a DATABASE_URL that
 * expands ${POSTGRES_PASSWORD}.
 */
describe.skipIf(!serverUrl)("the server process in a folder holding the template's current .env", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let folder: string;
  beforeAll(async () => {
    database = await createTestDatabase(serverUrl ?? '', 'template_env_current');
    const url = new URL(database.url);
    folder = mkdtempSync(path.join(tmpdir(), 'template-env-current-'));
    const file = CURRENT_TEMPLATE_DOTENV.replace('@localhost:5432/app', `@${url.host}${url.pathname}`);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's own ${VAR}
    expect(file).toContain('DATABASE_URL=postgresql://postgres:${POSTGRES_PASSWORD}@');
    writeFileSync(path.join(folder, '.env'), file);
  });
  afterAll(async () => {
    await database?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('starts as local on its PostgreSQL server, with its SECRET_KEY, and logs the superuser in', async () => {
    let server: ServerProcess | undefined;
    try {
      // The harness's own settings, undone: empty is unset, so the file's values apply.
      server = await startServerProcess(
        {
          NODE_ENV: '',
          DATABASE: '',
          MIGRATE_ON_START: '',
          SECRET_KEY: '',
          FIRST_SUPERUSER: '',
          FIRST_SUPERUSER_PASSWORD: '',
          SERVE_STATECHARTS: '',
          DATA_DIR: path.join(folder, 'data'),
          LOG_LEVEL: 'info',
        },
        { cwd: folder },
      );
      expect(server.output()).toMatch(/environment development; database postgres postgresql:\/\/postgres@/);
      // FASTAPI_ENV=development is read (not "changethis" warnings of another environment), and the
      // file's key signs: none was generated.
      expect(existsSync(path.join(folder, 'data', 'secret_key'))).toBe(false);
      const res = await fetch(`${server.base}/api/v1/login/access-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'admin@example.com', password: 'SecureAdminPass123!' }),
      });
      expect(res.status).toBe(200);
    } finally {
      await server?.stop();
    }
  });

  it('without its FASTAPI_ENV line the same file is strict, as the template reads it, and says why', async () => {
    const file = readFileSync(path.join(folder, '.env'), 'utf8');
    try {
      writeFileSync(
        path.join(folder, '.env'),
        file.replace(/^FASTAPI_ENV=.*$/m, '').replace(/^SECRET_KEY=.*$/m, 'SECRET_KEY=changethis'),
      );
      await expect(
        startServerProcess({ NODE_ENV: '', DATABASE: '', SECRET_KEY: '' }, { cwd: folder }),
      ).rejects.toThrow(
        /Invalid setting SECRET_KEY: must not be \\?"changethis\\?" when no ENVIRONMENT, FASTAPI_ENV or NODE_ENV is set/,
      );
    } finally {
      writeFileSync(path.join(folder, '.env'), file);
    }
  });

  it('FASTAPI_ENV=production in the same file is strict', async () => {
    writeFileSync(
      path.join(folder, '.env'),
      readFileSync(path.join(folder, '.env'), 'utf8')
        .replace('FASTAPI_ENV=development', 'FASTAPI_ENV=production')
        .replace(/^SECRET_KEY=.*$/m, 'SECRET_KEY=changethis'),
    );
    await expect(
      startServerProcess({ NODE_ENV: '', DATABASE: '', SECRET_KEY: '' }, { cwd: folder }),
    ).rejects.toThrow(
      /Invalid setting SECRET_KEY: must not be \\?"changethis\\?" when ENVIRONMENT=production/,
    );
  });
});
