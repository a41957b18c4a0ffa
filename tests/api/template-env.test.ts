// A template user's .env, unchanged but for where its PostgreSQL server is: the real server process
// starts on it, reads POSTGRES_* as its database, and logs the superuser in with FIRST_SUPERUSER_PASSWORD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    ).rejects.toThrow(/Invalid setting SECRET_KEY: must not be "changethis" when ENVIRONMENT=production/);
  });
});
