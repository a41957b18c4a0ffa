import { and, desc, eq, getTableColumns, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { readCount } from '../db/counters.ts';
import type { Database } from '../db/index.ts';
import { countKeys, type NewUserRow, revokedTokens, type UserRow, users } from '../db/schema.ts';

export function createUsersRepository(db: Database) {
  // Every authenticated request looks its user up by id.
  const byIdQuery = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_by_id');
  // The guard's one query: the user, and whether the token was logged out (a primary-key probe of
  // revoked_tokens). Read from the database on every request, so a logout holds on every host at once.
  const sessionQuery = db
    .select({
      ...getTableColumns(users),
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('jti')})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_by_id_with_revocation');
  return {
    /** The user of a token, and whether that token (by id) was revoked. */
    async forSession(id: string, tokenId: string): Promise<{ user: UserRow; revoked: boolean } | undefined> {
      const [row] = await sessionQuery.execute({ id, jti: tokenId });
      if (!row) return undefined;
      const { revoked, ...user } = row;
      return { user, revoked: revoked === true };
    },
    /** Revokes one token until its expiry; expired revocations are deleted on the way. */
    async revokeToken(userId: string, tokenId: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
        await tx
          .insert(revokedTokens)
          .values({ jti: tokenId, userId, expiresAt })
          .onConflictDoNothing({ target: revokedTokens.jti });
      });
    },
    /** Ends every session of the user (every token issued so far); false when there is no such user. */
    async endSessions(id: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, keptSessionId: null })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      return rows.length > 0;
    },
    async byId(id: string): Promise<UserRow | undefined> {
      const [row] = await byIdQuery.execute({ id });
      return row;
    },
    /** The account of an address, whatever its letter case (the unique index on lower(email) serves it). */
    async byEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },
    async list(skip: number, limit: number): Promise<{ data: UserRow[]; count: number }> {
      const order = [desc(users.createdAt), desc(users.id)];
      // Deep pages start from the key at position `skip` (an index-only scan), as in the items list.
      const start = db
        .select({ createdAt: users.createdAt, id: users.id })
        .from(users)
        .orderBy(...order)
        .offset(skip)
        .limit(1);
      const [data, count] = await Promise.all([
        db
          .select()
          .from(users)
          .where(skip === 0 ? undefined : sql`(${users.createdAt}, ${users.id}) <= (${start})`)
          .orderBy(...order)
          .limit(limit),
        readCount(db, countKeys.users),
      ]);
      return { data, count };
    },
    // Writes that may cause an e-mail take the transaction that queues it (`tx`, default: none).
    async insert(values: NewUserRow, tx: Database = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(id: string, values: Partial<NewUserRow>, tx: Database = db): Promise<UserRow | undefined> {
      if (Object.keys(values).length === 0) return this.byId(id);
      const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },
    /** Deletes the user; their items go with them (ON DELETE CASCADE). */
    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },
    /**
     * One guess at the e-mailed code: counted first (a row lock orders concurrent guesses), so at most
     * `maxAttempts` guesses compare the code however many arrive at once.
     */
    async tryConfirmCode(
      id: string,
      code: string,
      maxAttempts: number,
    ): Promise<{ user?: UserRow; attempts?: number; alreadyConfirmed?: boolean }> {
      const [counted] = await db
        .update(users)
        .set({ confirmCodeAttempts: sql`${users.confirmCodeAttempts} + 1` })
        .where(
          and(
            eq(users.id, id),
            eq(users.isEmailConfirmed, false),
            lt(users.confirmCodeAttempts, maxAttempts),
          ),
        )
        .returning({ attempts: users.confirmCodeAttempts });
      if (!counted) {
        // A guess that lost the race to the right one is told so, not that it was one too many.
        const [row] = await db
          .select({ confirmed: users.isEmailConfirmed })
          .from(users)
          .where(eq(users.id, id));
        return row?.confirmed ? { alreadyConfirmed: true } : { attempts: maxAttempts };
      }
      const [confirmed] = await db
        .update(users)
        .set({
          isEmailConfirmed: true,
          confirmCode: null,
          confirmCodeExpiresAt: null,
          confirmCodeAttempts: 0,
        })
        .where(and(eq(users.id, id), eq(users.confirmCode, code), gt(users.confirmCodeExpiresAt, sql`now()`)))
        .returning();
      return confirmed ? { user: confirmed } : { attempts: counted.attempts };
    },
    /** Stores a fresh code unless one was sent less than `intervalSeconds` ago; null when too soon. */
    async renewConfirmCode(
      id: string,
      values: Partial<NewUserRow>,
      intervalSeconds: number,
      tx: Database = db,
    ): Promise<UserRow | null> {
      const [row] = await tx
        .update(users)
        .set(values)
        .where(
          and(
            eq(users.id, id),
            or(
              isNull(users.confirmCodeSentAt),
              lt(users.confirmCodeSentAt, sql`now() - make_interval(secs => ${intervalSeconds})`),
            ),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Sets a new password hash and signs out every session but `keepSessionId` (none when null). */
    async setPassword(id: string, hashedPassword: string, keepSessionId: string | null): Promise<void> {
      await db
        .update(users)
        .set({ hashedPassword, tokenVersion: sql`${users.tokenVersion} + 1`, keptSessionId: keepSessionId })
        .where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
