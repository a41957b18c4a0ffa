import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { items } from '../../server/db/schema.ts';
import { API } from '../support/api.ts';
import { startTestServer } from '../support/server.ts';

// The pool's statement timeout (server/db/index.ts, DATABASE_STATEMENT_TIMEOUT_MS): PostgreSQL itself
// cancels a statement that waits too long and rolls it back, so the 503 it is answered with means "not
// done". Without it the client only gave up waiting and the statement committed later (seen: this test
// failed with the server-side timeout removed, the item found after the 503). PostgreSQL only: PGlite
// runs one statement at a time in-process, nothing can hold a lock against it.

describe('statement timeout: a 503 means not done', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'an insert that waits past DATABASE_STATEMENT_TIMEOUT_MS is cancelled, answered 503, and never committed',
    async () => {
      const quick = await startTestServer({ DATABASE_STATEMENT_TIMEOUT_MS: '300' });
      try {
        const user = await quick.newUser();
        const pool = (quick.app.db as unknown as { $client: pg.Pool }).$client;
        const blocker = await pool.connect();
        try {
          await blocker.query('SET idle_in_transaction_session_timeout = 0');
          await blocker.query('BEGIN');
          await blocker.query('LOCK TABLE items IN ACCESS EXCLUSIVE MODE');
          const started = Date.now();
          const res = await quick.request('POST', `${API}/items/`, {
            token: user.token,
            json: { title: 'timed out' },
          });
          const waited = Date.now() - started;
          console.log(`insert behind a lock answered ${res.status} after ${waited} ms`);
          expect({ status: res.status, body: res.body }).toEqual({
            status: 503,
            body: { detail: 'Service Unavailable' },
          });
          expect(res.headers['retry-after']).toBe('1');
          await blocker.query('COMMIT');
        } finally {
          blocker.release();
        }
        // Had the statement only been abandoned by the client, it would commit now that the lock is gone.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const found = await quick.app.db.select().from(items).where(eq(items.title, 'timed out'));
        expect(found).toHaveLength(0);
      } finally {
        await quick.close();
      }
    },
  );
});
