import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/index.ts';
import { emailQueue } from '../db/schema.ts';
import { databaseOutage } from '../http/error-handler.ts';
import type { EmailMessage, Mailer } from './mailer.ts';
import { emailKindOf } from './templates.ts';

/**
 * The durable e-mail queue: a row written in the transaction of the change that causes it, leased with
 * `FOR UPDATE SKIP LOCKED` by any process, sent at least once (README › Mail delivery, also on why not
 * pg-boss or graphile-worker).
 */

/** Adds e-mails to the queue within `tx`; they are delivered once `tx` commits. */
async function insertEmails(tx: Pick<Database, 'insert'>, messages: EmailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(emailQueue).values(
    messages.map((m) => ({
      recipient: m.to,
      subject: m.subject,
      html: m.html,
      highlight: m.highlight ?? null,
    })),
  );
}

export interface MailDeliveryOptions {
  /** How often a process looks for e-mails queued by others or due for a retry. */
  pollMs?: number;
  /** How long a leased e-mail stays reserved for the process sending it (longer than any send takes). */
  leaseSeconds?: number;
  /** E-mails refused for good are kept this many days (to be looked at), then deleted. */
  failedRetentionDays?: number;
}

/** Queues an e-mail in the transaction it was handed to; see MailDelivery.transaction. */
export type SendEmail = (message: EmailMessage) => void;

export type MailDelivery = ReturnType<typeof createMailDelivery>;

// One row per lease: a lease covers one send, however slow the SMTP server, so it cannot run out while
// earlier rows of a batch are still being sent (another process would then send the later ones too).
const BATCH = 1;
/** Retry delays double from this up to MAX_RETRY_SECONDS. */
const FIRST_RETRY_SECONDS = 2;
const MAX_RETRY_SECONDS = 300;
// Shutdown's budget (SHUTDOWN_TIMEOUT_SECONDS) is shared with the requests in flight before it.
const STOP_GRACE_MS = 3_000;

type LeasedEmail = Pick<
  typeof emailQueue.$inferSelect,
  'recipient' | 'subject' | 'html' | 'highlight' | 'attempts'
> & {
  id: string;
};

/** A recipient the SMTP server refused for good (5xx at RCPT TO): retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const e = error as { code?: unknown; responseCode?: unknown };
  return e.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

export function retryDelaySeconds(attempts: number, first: number, max: number): number {
  const base = Math.min(max, first * 2 ** Math.max(0, attempts - 1));
  // ±20 % so that processes retrying after one outage do not all knock at once.
  return Math.max(1, Math.round(base * (0.8 + Math.random() * 0.4)));
}

export function createMailDelivery(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  options: MailDeliveryOptions = {},
) {
  const pollMs = options.pollMs ?? 1_000;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const failedRetentionDays = options.failedRetentionDays ?? 30;
  let lastPrune = 0;

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let lastDatabaseWarning = 0;

  // Both drivers answer a raw statement with `{ rows }`.
  const lease = async () => {
    const result = await db.execute(sql`
      UPDATE ${emailQueue}
      SET leased_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM ${emailQueue}
        WHERE failed_at IS NULL AND due_at <= now() AND (leased_until IS NULL OR leased_until <= now())
        ORDER BY due_at, id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id::text AS id, recipient, subject, html, highlight, attempts`);
    return (result as unknown as { rows: LeasedEmail[] }).rows;
  };

  async function deliver(row: LeasedEmail) {
    const message: EmailMessage = {
      kind: emailKindOf(row.subject),
      to: row.recipient,
      subject: row.subject,
      html: row.html,
      highlight: row.highlight ?? undefined,
    };
    // Each lease counts an attempt, so `attempts` names this lease: a send that outlived it (another
    // process has the row now) must not put the row back under that process's feet.
    const stillOurs = and(eq(emailQueue.id, sql`${row.id}::bigint`), eq(emailQueue.attempts, row.attempts));
    try {
      await mailer.send(message, { queueId: row.id });
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const fields = { err: error, kind: message.kind, id: row.id, to: row.recipient };
      const delay = retryDelaySeconds(row.attempts, FIRST_RETRY_SECONDS, MAX_RETRY_SECONDS);
      const permanent = isPermanent(error);
      if (permanent) log.error(fields, 'e-mail refused for good');
      else
        log.warn({ ...fields, attempts: row.attempts, retryInSeconds: delay }, 'e-mail not sent; will retry');
      await db
        .update(emailQueue)
        .set({
          ...(permanent ? { failedAt: sql`now()` } : { dueAt: sql`now() + make_interval(secs => ${delay})` }),
          leasedUntil: null,
          lastError,
        })
        .where(stillOurs);
      return;
    }
    await db.delete(emailQueue).where(stillOurs);
  }

  /** Deletes e-mails refused for good longer ago than the retention, at most once an hour per process. */
  async function pruneFailed() {
    if (Date.now() - lastPrune < 3_600_000) return;
    lastPrune = Date.now();
    const pruned = await db
      .delete(emailQueue)
      .where(
        and(
          isNotNull(emailQueue.failedAt),
          lt(emailQueue.failedAt, sql`now() - make_interval(days => ${failedRetentionDays})`),
        ),
      )
      .returning({ id: emailQueue.id });
    if (pruned.length > 0) {
      log.info(
        { count: pruned.length, retentionDays: failedRetentionDays },
        'e-mail queue: deleted e-mails refused for good',
      );
    }
  }

  async function drain() {
    await pruneFailed();
    do {
      again = false;
      const rows = await lease();
      for (const row of rows) await deliver(row);
      if (rows.length === BATCH) again = true;
    } while (again && !stopped);
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error) => {
        // The database being away is reported by requests and readiness; here once a minute is enough.
        if (Date.now() - lastDatabaseWarning > 60_000) {
          lastDatabaseWarning = Date.now();
          // A known outage without its stack (server/http/outage-log.ts); anything else with it.
          const outage = databaseOutage(error);
          log.warn(
            outage ? { cause: outage.cause, reason: outage.message } : { err: error },
            'e-mail queue: cannot reach the database; queued e-mails wait',
          );
        }
      })
      .finally(() => {
        running = undefined;
      });
  }

  return {
    /** Runs `change` in a transaction that also queues the e-mails it hands to `send`; sent after commit. */
    async transaction<T>(change: (tx: Database, send: SendEmail) => Promise<T>): Promise<T> {
      const result = await db.transaction(async (tx) => {
        const messages: EmailMessage[] = [];
        const value = await change(tx, (message) => messages.push(message));
        await insertEmails(tx, messages);
        return value;
      });
      run();
      return result;
    },
    /** Queues e-mails that no other change goes with. */
    async queue(...messages: EmailMessage[]) {
      await insertEmails(db, messages);
      run();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(run, pollMs);
      timer.unref();
      run();
    },
    /** Stops polling; waits for a send in progress at most STOP_GRACE_MS, then leaves it to its lease. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (!running) return;
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS).unref()),
      ]);
      if (!finished) {
        log.warn(
          { waitedMs: STOP_GRACE_MS, leaseSeconds },
          'e-mail queue: a send is still in progress at shutdown; left to its lease (sent again once it runs out)',
        );
      }
    },
  };
}
