import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres, migrationsFolder, openDatabase } from '../../server/db/index.ts';
import { API, expectError, resetTokenFrom } from '../support/api.ts';
import { ROOT } from '../support/processes.ts';
import { eventually, startTestServer, type TestServer } from '../support/server.ts';

/**
 * Issue 24 point 6: one account per e-mail address whatever its letter case, the address kept as typed,
 * on every path that takes an address; and migration 0005, which refuses data that already breaks it.
 */

let server: TestServer;
let su: string;
beforeAll(async () => {
  server = await startTestServer();
  su = await server.superuserToken();
});
afterAll(() => server.close());

const tag = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
/** An address with capitals, and its other spellings. */
function mixedAddress() {
  const mixed = `Case.Mixed-${tag()}@Example.com`;
  return { mixed, lower: mixed.toLowerCase(), upper: mixed.toUpperCase() };
}
const signup = (email: string, password = 'case-password-1') =>
  server.request('POST', `${API}/users/signup`, { json: { email, password, full_name: 'Case' } });
const loginStatus = async (email: string, password: string) =>
  (await server.request('POST', `${API}/login/access-token`, { form: { username: email, password } })).status;
/** How many accounts the database holds for an address, ignoring case. */
async function accountsFor(email: string): Promise<string[]> {
  const all = await server.request('GET', `${API}/users/?limit=1000`, { token: su });
  return (all.body.data as { email: string }[])
    .map((u) => u.email)
    .filter((e) => e.toLowerCase() === email.toLowerCase());
}

describe('one account per address, whatever the letter case', () => {
  it('signup keeps the address as typed; another case of it is refused with the template’s 400', async () => {
    const { mixed, lower, upper } = mixedAddress();
    const first = await signup(mixed);
    expect(first.status, first.text).toBe(200);
    expect(first.body.email).toBe(mixed);
    for (const variant of [lower, upper]) {
      expectError(
        await signup(variant, 'other-password-2'),
        400,
        'The user with this email already exists in the system',
      );
    }
    expect(await accountsFor(mixed)).toEqual([mixed]);
  });

  it('login works with any case of the address (and the wrong password still fails)', async () => {
    const { mixed, lower, upper } = mixedAddress();
    expect((await signup(mixed)).status).toBe(200);
    for (const variant of [mixed, lower, upper])
      expect(await loginStatus(variant, 'case-password-1')).toBe(200);
    expect(await loginStatus(upper, 'wrong-password-1')).toBe(400);
  });

  it('admin create refuses another case of an existing address (400 with the full stop)', async () => {
    const { mixed, upper } = mixedAddress();
    expect((await signup(mixed)).status).toBe(200);
    const res = await server.request('POST', `${API}/users/`, {
      token: su,
      json: { email: upper, password: 'admin-made-pass-1' },
    });
    expectError(res, 400, 'The user with this email already exists in the system.');
    expect(await accountsFor(mixed)).toEqual([mixed]);
  });

  it('PATCH /users/me: another account’s address in any case is a 409; one’s own in another case is kept as typed and stays confirmed', async () => {
    const taken = mixedAddress();
    expect((await signup(taken.mixed)).status).toBe(200);
    const mine = mixedAddress();
    const created = await server.request('POST', `${API}/users/`, {
      token: su,
      json: { email: mine.lower, password: 'mine-password-1', is_email_confirmed: true },
    });
    expect(created.status, created.text).toBe(200);
    const token = await server.login(mine.upper, 'mine-password-1');
    expectError(
      await server.request('PATCH', `${API}/users/me`, { token, json: { email: taken.upper } }),
      409,
      'User with this email already exists',
    );
    const mailsBefore = server.outbox().length;
    const recased = await server.request('PATCH', `${API}/users/me`, { token, json: { email: mine.mixed } });
    expect(recased.status, recased.text).toBe(200);
    expect(recased.body.email).toBe(mine.mixed);
    expect(recased.body.is_email_confirmed).toBe(true);
    // The same mailbox: no new confirmation code is sent.
    await new Promise((r) => setTimeout(r, 300));
    expect(
      server
        .outbox()
        .slice(mailsBefore)
        .filter((m) => m.to === mine.mixed),
    ).toEqual([]);
    expect(await loginStatus(mine.lower, 'mine-password-1')).toBe(200);
    expect(await accountsFor(mine.mixed)).toEqual([mine.mixed]);
  });

  it('PATCH /users/{id} (admin): another account’s address in another case is a 409', async () => {
    const a = mixedAddress();
    const b = mixedAddress();
    expect((await signup(a.mixed)).status).toBe(200);
    const other = await signup(b.mixed);
    expectError(
      await server.request('PATCH', `${API}/users/${other.body.id}`, { token: su, json: { email: a.lower } }),
      409,
      'User with this email already exists',
    );
    const recased = await server.request('PATCH', `${API}/users/${other.body.id}`, {
      token: su,
      json: { email: b.upper },
    });
    expect(recased.status, recased.text).toBe(200);
    expect(recased.body.email).toBe(b.upper);
  });

  it('password recovery by another case reaches the account (its stored address) and the reset works', async () => {
    const { mixed, upper } = mixedAddress();
    expect((await signup(mixed)).status).toBe(200);
    const res = await server.request('POST', `${API}/password-recovery/${encodeURIComponent(upper)}`);
    expect(res.status).toBe(200);
    const mail = await eventually(() =>
      server.outbox().find((m) => m.to === mixed && /recovery|reset/i.test(m.subject)),
    );
    const token = resetTokenFrom(mail.html, server.settings.frontendHost);
    expect(token).toBeTruthy();
    const reset = await server.request('POST', `${API}/reset-password/`, {
      json: { token, new_password: 'a-brand-new-pass-7' },
    });
    expect(reset.status, reset.text).toBe(200);
    expect(await loginStatus(upper.toLowerCase(), 'a-brand-new-pass-7')).toBe(200);
  });

  it('password-recovery-html-content finds the account by another case', async () => {
    const { mixed, lower } = mixedAddress();
    expect((await signup(mixed)).status).toBe(200);
    const res = await server.request(
      'POST',
      `${API}/password-recovery-html-content/${encodeURIComponent(lower)}`,
      {
        token: su,
      },
    );
    expect(res.status, res.text).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/html');
  });

  it('20 signups of case variants at once: one account, the others the 400 (never a 500)', async () => {
    const { mixed } = mixedAddress();
    const variants = Array.from({ length: 20 }, (_, i) =>
      [...mixed].map((c, j) => ((i >> (j % 5)) & 1 ? c.toUpperCase() : c.toLowerCase())).join(''),
    );
    const answers = await Promise.all(variants.map((v) => signup(v)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expectError(a, 400, 'The user with this email already exists in the system');
    expect(await accountsFor(mixed)).toHaveLength(1);
  });

  it('10 users moving to case variants of one new address at once: one gets it, the others the 409', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => server.newUser()));
    const { mixed } = mixedAddress();
    const answers = await Promise.all(
      users.map((u, i) =>
        server.request('PATCH', `${API}/users/me`, {
          token: u.token,
          json: { email: i % 2 ? mixed.toUpperCase() : mixed.toLowerCase() },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expectError(a, 409, 'User with this email already exists');
    expect(await accountsFor(mixed)).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------------
// Migration 0005 over data that already has case-variant duplicates

/** A copy of the migrations folder whose journal stops before 0005: the schema as deployed before. */
function migrationsBefore0005(): { folder: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-0004-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 5);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const COLLIDING = [
  ['Case.Mixed@Example.com', 'case.mixed@example.com', 'CASE.MIXED@EXAMPLE.COM'],
  ['Bob@example.com', 'bob@example.com'],
];
const INSERT = `INSERT INTO users (email, hashed_password) VALUES ${[...COLLIDING.flat(), 'alone@example.com']
  .map((e) => `('${e}', 'x')`)
  .join(', ')}`;

/** The error a run of the migrations gives, and what the database holds afterwards. */
interface Outcome {
  error: Error;
  emails: string[];
  has0005Index: boolean;
}

function expectRefusal({ error, emails, has0005Index }: Outcome) {
  // The message names the migration and every colliding address, and says what to do.
  expect(error.message).toContain('0005_email_case_insensitive');
  expect(error.message).toContain('2 e-mail address(es) belong to more than one account');
  for (const group of COLLIDING) for (const email of group) expect(error.message).toContain(email);
  expect(error.message).not.toContain('alone@example.com');
  expect(error.message).toMatch(/distinct address/);
  expect(error.message).not.toMatch(/Failed query|DECLARE/);
  // Nothing changed: every row is there and the schema is still the one before 0005.
  expect(emails.sort()).toEqual([...COLLIDING.flat(), 'alone@example.com'].sort());
  expect(has0005Index).toBe(false);
}

const INDEX_QUERY = `SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'users_email_lower_key'`;

describe('migration 0005 with colliding addresses already stored', () => {
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'embedded database: stops with the colliding addresses named, changes nothing; applies once they are fixed',
    async () => {
      const before = migrationsBefore0005();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-0005-'));
      try {
        const client = await PGlite.create(dataDir);
        await migratePglite(drizzlePglite(client), { migrationsFolder: before.folder });
        await client.query(INSERT);
        await client.close();

        const error = await openDatabase({ dataDir }).then(
          () => new Error('the migration did not stop'),
          (e: Error) => e,
        );
        const check = await PGlite.create(dataDir);
        const emails = (await check.query<{ email: string }>('SELECT email FROM users')).rows.map(
          (r) => r.email,
        );
        const index = (await check.query<{ n: number }>(INDEX_QUERY)).rows[0]?.n;
        expectRefusal({ error, emails, has0005Index: index === 1 });
        // The operator gives each account its own address; the migration then applies, addresses as typed.
        await check.query(
          `UPDATE users SET email = 'case.mixed+2@example.com' WHERE email = 'case.mixed@example.com'`,
        );
        await check.query(
          `UPDATE users SET email = 'case.mixed+3@example.com' WHERE email = 'CASE.MIXED@EXAMPLE.COM'`,
        );
        await check.query(`DELETE FROM users WHERE email = 'bob@example.com'`);
        await check.close();
        const handle = await openDatabase({ dataDir });
        await handle.close();
        const after = await PGlite.create(dataDir);
        expect((await after.query<{ n: number }>(INDEX_QUERY)).rows[0]?.n).toBe(1);
        expect(
          (
            await after.query<{ email: string }>(
              `SELECT email FROM users WHERE lower(email) = 'case.mixed@example.com'`,
            )
          ).rows,
        ).toEqual([{ email: 'Case.Mixed@Example.com' }]);
        await after.close();
      } finally {
        before.remove();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'PostgreSQL: stops with the colliding addresses named, changes nothing; applies once they are fixed',
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL as string;
      const name = `test_0005_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const before = migrationsBefore0005();
      const client = new pg.Client({ connectionString: url.toString() });
      try {
        await client.connect();
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder: before.folder });
        await client.query(INSERT);

        const error = await migratePostgres(url.toString()).then(
          () => new Error('the migration did not stop'),
          (e: Error) => e,
        );
        const emails = (await client.query<{ email: string }>('SELECT email FROM users')).rows.map(
          (r) => r.email,
        );
        const index = (await client.query<{ n: number }>(INDEX_QUERY)).rows[0]?.n;
        expectRefusal({ error, emails, has0005Index: index === 1 });
        // What the operator reads from `npm run db:migrate` in production (where log lines mask e-mail
        // addresses): each colliding account unmasked, with its id, so that it can be fixed.
        const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'server/migrate.ts'], {
          cwd: ROOT,
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            ENVIRONMENT: 'production',
            DATABASE_URL: url.toString(),
            SECRET_KEY: randomBytes(32).toString('hex'),
            FIRST_SUPERUSER_PASSWORD: 'a-strong-first-password',
          },
        });
        expect(migrate.status).toBe(1);
        const accounts = await client.query<{ id: string; email: string }>('SELECT id, email FROM users');
        for (const { id, email } of accounts.rows) {
          if (email === 'alone@example.com') continue;
          expect(migrate.stdout + migrate.stderr).toContain(`${email} (id ${id})`);
        }
        await client.query(
          `UPDATE users SET email = 'case.mixed+2@example.com' WHERE email = 'case.mixed@example.com'`,
        );
        await client.query(
          `UPDATE users SET email = 'case.mixed+3@example.com' WHERE email = 'CASE.MIXED@EXAMPLE.COM'`,
        );
        await client.query(`DELETE FROM users WHERE email = 'bob@example.com'`);
        await migratePostgres(url.toString());
        expect((await client.query<{ n: number }>(INDEX_QUERY)).rows[0]?.n).toBe(1);
        expect(
          (await client.query(`SELECT email FROM users WHERE lower(email) = 'case.mixed@example.com'`)).rows,
        ).toEqual([{ email: 'Case.Mixed@Example.com' }]);
        // The index now refuses a case variant outright, whatever the application does.
        await expect(
          client.query(`INSERT INTO users (email, hashed_password) VALUES ('ALONE@example.com', 'x')`),
        ).rejects.toMatchObject({ code: '23505' });
      } finally {
        await client.end().catch(() => {});
        before.remove();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
