// The e2e run's back end: a real SMTP sink and the real server (built SPA + API) on a fresh embedded
// database in a temporary folder. The sink's messages are readable at SINK_PORT/mails for the tests.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { ensureFirstSuperuser } from '../../server/bootstrap.ts';
import { loadSettings } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { E2E } from './env.ts';

const sink = await startSmtpSink();
const dataDir = mkdtempSync(path.join(tmpdir(), 'starter-e2e-'));
const settings = loadSettings({
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  DATA_DIR: dataDir,
  PORT: String(E2E.appPort),
  HOST: '127.0.0.1',
  SECRET_KEY: randomBytes(32).toString('hex'),
  FIRST_SUPERUSER: E2E.superuser.email,
  FIRST_SUPERUSER_PASSWORD: E2E.superuser.password,
  FRONTEND_HOST: E2E.baseURL,
  ...sink.env,
});
const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
const app = await buildApp({ settings, db: database.db });
await ensureFirstSuperuser(settings, app.users, app.log);
await app.listen({ port: settings.port, host: settings.host });

const mailbox = createServer((req, res) => {
  if (req.url === '/mails') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(sink.mails));
    return;
  }
  res.statusCode = 404;
  res.end();
});
mailbox.listen(E2E.mailboxPort, '127.0.0.1');

const shutdown = async () => {
  mailbox.close();
  await app.close();
  await database.close();
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
