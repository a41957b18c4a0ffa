import { createHash, createHmac, randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { operationsOf } from './api-routes.ts';
import { HttpError, validationFailure } from './errors.ts';

/**
 * The `Idempotency-Key` request header on the operations that name `#/components/parameters/IdempotencyKey`
 * (its description there is the contract; docs/reliability.md › Safe retries). A 2xx answer is kept with
 * the key, any other releases it: a 4xx refused before changing anything, a 503 means not done.
 */

export const IDEMPOTENCY_PARAMETER_REF = '#/components/parameters/IdempotencyKey';
const HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const KEY_TTL_HOURS = 24;
/** A running request renews its claim every third of this; lapsed (its process died), a retry takes it. */
export const CLAIM_LEASE_SECONDS = 60;
/** A request still running after this long stops renewing its claim (a hung handler must not hold a key for ever). */
const MAX_RENEWAL_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

interface Claim {
  scope: string;
  key: string;
  owner: string;
  renewal?: NodeJS.Timeout;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
  interface FastifyInstance {
    idempotency: IdempotencyStore;
  }
}

/** The operationIds that take the header, from the document. */
export const idempotentOperations = (document: Record<string, unknown>) =>
  new Set(
    operationsOf(document)
      .filter((operation) => operation.parameters?.some((p) => p.$ref === IDEMPOTENCY_PARAMETER_REF))
      .map((operation) => operation.operationId),
  );

/** The key as sent: a Structured Field string ("…", as the draft writes it) or the bare token clients send. */
export function parseKey(raw: string): string | null {
  const value = raw.trim();
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(value);
  if (!quoted && value.startsWith('"')) return null;
  const key = quoted ? (quoted[1] ?? '').replace(/\\(["\\])/g, '$1') : value;
  return key.length > 0 && key.length <= 255 && /^[\x20-\x7e]+$/.test(key) ? key : null;
}

/** Keys sorted and bytes replaced by their SHA-256: the same request whatever its field order or boundary. */
export function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array)
    return { sha256: createHash('sha256').update(value).digest('hex') };
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && typeof v !== 'function')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/**
 * The request's fingerprint: an HMAC of the operation, parameters and body, keyed so that a stored signup's
 * does not let anyone with the table test password guesses.
 */
export function fingerprintOf(secret: string, operationId: string, request: FastifyRequest): string {
  const text = JSON.stringify(canonical([operationId, request.params, request.query, request.body]));
  return createHmac('sha256', secret).update(text).digest('hex');
}

type Outcome =
  | { kind: 'claimed'; owner: string }
  | { kind: 'replay'; status: number; contentType: string | null; body: string }
  | { kind: 'running' }
  | { kind: 'mismatch' };

export function createIdempotencyStore(db: Database) {
  const leaseEnd = () => sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`;
  const fresh = (owner: string, fingerprint: string) => ({
    fingerprint,
    owner,
    lockedUntil: leaseEnd(),
    status: null,
    contentType: null,
    body: null,
    createdAt: sql`now()`,
    expiresAt: sql`now() + make_interval(hours => ${KEY_TTL_HOURS})`,
  });
  const whereKey = (scope: string, key: string) =>
    and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  /** The key is still held by the claim's request (no answer stored yet). */
  const stillRunning = (claim: Claim) =>
    and(eq(idempotencyKeys.owner, claim.owner), isNull(idempotencyKeys.status));

  /** Sets `values` on the key's row if `condition` still holds of it; whether it did. */
  const setIf = async (
    scope: string,
    key: string,
    values: PgUpdateSetSource<typeof idempotencyKeys>,
    condition: SQL | undefined,
  ) => {
    const taken = await db
      .update(idempotencyKeys)
      .set(values)
      .where(and(whereKey(scope, key), condition))
      .returning({ owner: idempotencyKeys.owner });
    return taken.length > 0;
  };

  return {
    /** One atomic step per attempt: insert, or take over an expired key or a dead request's claim. */
    async claim(scope: string, key: string, fingerprint: string): Promise<Outcome> {
      const owner = randomUUID();
      for (let attempt = 0; attempt < 5; attempt++) {
        const inserted = await db
          .insert(idempotencyKeys)
          .values({ scope, key, ...fresh(owner, fingerprint) })
          .onConflictDoNothing()
          .returning({ owner: idempotencyKeys.owner });
        if (inserted.length > 0) return { kind: 'claimed', owner };
        const [row] = await db
          .select({
            fingerprint: idempotencyKeys.fingerprint,
            status: idempotencyKeys.status,
            contentType: idempotencyKeys.contentType,
            body: idempotencyKeys.body,
            expired: sql<boolean>`${idempotencyKeys.expiresAt} <= now()`,
            lapsed: sql<boolean>`${idempotencyKeys.lockedUntil} <= now()`,
          })
          .from(idempotencyKeys)
          .where(whereKey(scope, key));
        if (!row) continue; // released in between: insert again
        if (row.expired) {
          const expired = lte(idempotencyKeys.expiresAt, sql`now()`);
          if (await setIf(scope, key, fresh(owner, fingerprint), expired)) return { kind: 'claimed', owner };
          continue;
        }
        if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
        if (row.status !== null) {
          return { kind: 'replay', status: row.status, contentType: row.contentType, body: row.body ?? '' };
        }
        if (!row.lapsed) return { kind: 'running' };
        // The request that claimed it has not finished within its lease: its process died.
        const lapsed = and(isNull(idempotencyKeys.status), lte(idempotencyKeys.lockedUntil, sql`now()`));
        if (await setIf(scope, key, { owner, lockedUntil: leaseEnd() }, lapsed))
          return { kind: 'claimed', owner };
      }
      return { kind: 'running' };
    },

    /** Stores the final answer of the request holding the claim. */
    async complete(claim: Claim, status: number, contentType: string | null, body: string): Promise<void> {
      const answer = { status, contentType, body, owner: null, lockedUntil: null };
      await setIf(claim.scope, claim.key, answer, eq(idempotencyKeys.owner, claim.owner));
    },

    /** Extends a running request's claim by a lease; false if it is no longer this request's. */
    renew: (claim: Claim) => setIf(claim.scope, claim.key, { lockedUntil: leaseEnd() }, stillRunning(claim)),

    /** Gives the key back: the request did not succeed and may be retried with it. */
    async release(claim: Claim): Promise<void> {
      await db.delete(idempotencyKeys).where(and(whereKey(claim.scope, claim.key), stillRunning(claim)));
    },

    /** Deletes the keys past their 24 hours; returns how many. */
    async prune(): Promise<number> {
      const gone = await db
        .delete(idempotencyKeys)
        .where(lte(idempotencyKeys.expiresAt, sql`now()`))
        .returning({ key: idempotencyKeys.key });
      return gone.length;
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

function stopRenewing(claim: Claim) {
  clearInterval(claim.renewal);
  claim.renewal = undefined;
}

/** The one place the header is handled: a preHandler claims or answers, an onSend stores or releases. */
export function registerIdempotency(app: FastifyInstance, document: Record<string, unknown>) {
  const operations = idempotentOperations(document);
  const store = createIdempotencyStore(app.db);
  app.decorate('idempotency', store);
  app.decorateRequest('idempotencyClaim', null);

  // After validation (a malformed body is a 422 that claims nothing) and the auth guard (the scope is the user).
  app.addHook('preHandler', async (request, reply) => {
    const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId || !operations.has(operationId)) return;
    const raw = request.headers[HEADER];
    if (raw === undefined) return;
    const key = typeof raw === 'string' ? parseKey(raw) : null;
    if (key === null) {
      throw validationFailure(
        ['header', HEADER],
        'Idempotency-Key should be 1 to 255 visible ASCII characters, bare or as a quoted string',
        'value_error',
      );
    }
    const scope = request.currentUser ? `user:${request.currentUser.id}` : `anonymous:${operationId}`;
    const fingerprint = fingerprintOf(app.settings.secretKey, operationId, request);
    const outcome = await store.claim(scope, key, fingerprint);
    switch (outcome.kind) {
      case 'claimed': {
        const claim: Claim = { scope, key, owner: outcome.owner };
        const started = Date.now();
        claim.renewal = setInterval(
          () => {
            if (Date.now() - started > MAX_RENEWAL_MS) return stopRenewing(claim);
            store.renew(claim).then(
              (held) => held || stopRenewing(claim),
              (error) => request.log.warn({ err: error }, 'could not renew an idempotency key claim'),
            );
          },
          (CLAIM_LEASE_SECONDS * 1000) / 3,
        );
        claim.renewal.unref();
        request.idempotencyClaim = claim;
        return;
      }
      case 'mismatch':
        throw validationFailure(
          ['header', HEADER],
          'This Idempotency-Key was already used for a different request',
          'idempotency_key_reused',
        );
      case 'running':
        throw new HttpError(409, 'A request with this Idempotency-Key is still being processed', {
          'Retry-After': '1',
        });
      case 'replay':
        reply.code(outcome.status).header(REPLAYED_HEADER, 'true');
        if (outcome.contentType) reply.header('content-type', outcome.contentType);
        return reply.send(outcome.body);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    stopRenewing(claim);
    const status = reply.statusCode;
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    try {
      if (status >= 200 && status < 300 && text !== null) {
        const type = reply.getHeader('content-type');
        await store.complete(claim, status, typeof type === 'string' ? type : null, text);
      } else {
        await store.release(claim);
      }
    } catch (error) {
      // The answer stands (it happened, or it was refused); only its copy for a retry is lost, and the
      // claim lapses after its lease.
      request.log.error({ err: error }, 'could not record the idempotency key');
    }
    return payload;
  });

  let timer: NodeJS.Timeout | undefined;
  const prune = () => {
    store.prune().catch((error) => app.log.warn({ err: error }, 'could not prune idempotency keys'));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
  });
  // Should no answer be sent at all, the renewal still ends with the request.
  app.addHook('onResponse', async (request) => {
    if (request.idempotencyClaim) stopRenewing(request.idempotencyClaim);
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
