import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type ServerProcess, startServerProcess } from '../support/processes.ts';

/**
 * Issue 24 point 6 under a race: signups of case variants of one address sent at once to two server
 * processes on one PostgreSQL database. Each request passes the "is it taken?" check before any of them
 * inserts, so only the unique index on lower(email) can keep it to one account; the losers must get the
 * template's 400, not a 500.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 5;
const CONCURRENT = 20;
const DUPLICATE = 'The user with this email already exists in the system';

/** `count` spellings of one address, each with another pattern of capitals. */
function caseVariants(address: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    [...address].map((c, j) => ((i >> (j % 5)) & 1 ? c.toUpperCase() : c.toLowerCase())).join(''),
  );
}

describe.skipIf(!serverUrl)(
  'one account per address under concurrent signups (PostgreSQL, 2 processes)',
  () => {
    let database: { url: string; drop(): Promise<void> };
    const servers: ServerProcess[] = [];
    beforeAll(async () => {
      database = await createTestDatabase(serverUrl as string, 'faults_email');
      // One after the other: the first migrates, the second finds the schema up to date.
      for (let i = 0; i < 2; i++) servers.push(await startServerProcess({ DATABASE_URL: database.url }));
    });
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.drop();
    });

    it(`${ROUNDS} rounds of ${CONCURRENT} concurrent case-variant signups: one account per address, the rest 400`, async () => {
      const statuses = new Map<number, number>();
      const accounts: number[] = [];
      const wrongBodies: string[] = [];
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      try {
        for (let round = 0; round < ROUNDS; round++) {
          const address = `Race.Case-${round}-${randomBytes(3).toString('hex')}@Example.com`;
          const answers = await Promise.all(
            caseVariants(address, CONCURRENT).map(async (email, i) => {
              const base = (servers[i % servers.length] as ServerProcess).base;
              const res = await fetch(`${base}/api/v1/users/signup`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ email, password: 'race-password-1', full_name: 'Race' }),
              });
              return { status: res.status, body: await res.text() };
            }),
          );
          for (const a of answers) {
            statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
            if (a.status !== 200 && a.body !== JSON.stringify({ detail: DUPLICATE }))
              wrongBodies.push(a.body);
          }
          const { rows } = await db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
            [address],
          );
          accounts.push(rows[0]?.n ?? -1);
        }
      } finally {
        await db.end();
      }
      const figure = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(', ');
      console.log(
        `email-case: ${ROUNDS} rounds × ${CONCURRENT} concurrent case-variant signups on 2 processes → ` +
          `accounts per address [${accounts.join(', ')}]; answers ${figure}`,
      );
      expect(accounts).toEqual(Array(ROUNDS).fill(1));
      expect(statuses.get(200)).toBe(ROUNDS);
      expect(statuses.get(400)).toBe(ROUNDS * (CONCURRENT - 1));
      expect(wrongBodies).toEqual([]);
    });
  },
);
