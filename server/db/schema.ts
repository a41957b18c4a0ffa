import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { GENDERS, SUBSCRIPTION_TYPES } from '../../openapi/enums.ts';
import {
  type Camel,
  camel,
  ITEM_FIELDS,
  PROFILE_FIELDS,
  type ProfileField,
  USER_FIELDS,
  type UserFields,
} from '../../openapi/fields.ts';
import { CONFIRM_CODE_LENGTH, TEXT_MAX } from '../../openapi/limits.ts';

export const genderEnum = pgEnum('gender', GENDERS);
export const subscriptionTypeEnum = pgEnum('subscription_type', SUBSCRIPTION_TYPES);

const textColumn = (name: string, length: number) => varchar(name, { length });
const dateColumn = (name: string) => date(name, { mode: 'string' });
type ColumnOf<F> = F extends { kind: 'date' }
  ? ReturnType<typeof dateColumn>
  : F extends { enum: 'Gender' }
    ? ReturnType<typeof genderEnum>
    : ReturnType<typeof textColumn>;

/** The profile's optional fields' columns (openapi/fields.ts): nullable, their lengths the contract's. */
function profileColumns() {
  const column = (name: ProfileField) => {
    const field: { kind: string; max?: number } = USER_FIELDS[name];
    if (field.kind === 'date') return dateColumn(name);
    if (name === 'gender') return genderEnum(name);
    if (field.max === undefined) throw new Error(`${name}: a text column needs the field's max`);
    return textColumn(name, field.max);
  };
  return Object.fromEntries(PROFILE_FIELDS.map((name) => [camel(name), column(name)])) as {
    [K in ProfileField as Camel<K>]: ColumnOf<UserFields[K]>;
  };
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored as typed; one account per address whatever its case (users_email_lower_key, migration 0005).
    email: varchar('email', { length: USER_FIELDS.email.max }).notNull(),
    hashedPassword: text('hashed_password').notNull(),
    fullName: varchar('full_name', { length: USER_FIELDS.full_name.max }),
    isActive: boolean('is_active').notNull().default(true),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    ...profileColumns(),
    subscriptionType: subscriptionTypeEnum('subscription_type').notNull().default('Free'),
    isEmailConfirmed: boolean('is_email_confirmed').notNull().default(false),
    confirmCode: varchar('confirm_code', { length: CONFIRM_CODE_LENGTH }),
    confirmCodeExpiresAt: timestamp('confirm_code_expires_at', { withTimezone: true }),
    confirmCodeAttempts: integer('confirm_code_attempts').notNull().default(0),
    confirmCodeSentAt: timestamp('confirm_code_sent_at', { withTimezone: true }),
    fcmToken: text('fcm_token'),
    // Versions are random ids made per upload: the storage key is derived from (kind, user, version).
    profilePhotoVersion: varchar('profile_photo_version', { length: 32 }),
    profilePhotoType: varchar('profile_photo_type', { length: 64 }),
    assetVersion: varchar('asset_version', { length: 32 }),
    assetName: varchar('asset_name', { length: TEXT_MAX }),
    assetType: varchar('asset_type', { length: TEXT_MAX }),
    assetSize: bigint('asset_size', { mode: 'number' }),
    // Session revocation without an extra query: tokens carry `ver` and `sid`; a token whose `ver` is
    // older than tokenVersion is refused unless its `sid` is the session that made the change.
    tokenVersion: integer('token_version').notNull().default(0),
    keptSessionId: varchar('kept_session_id', { length: 64 }),
  },
  // NULLS FIRST is what `ORDER BY … DESC` means: an index built DESC NULLS LAST cannot serve it.
  (t) => [
    index('users_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: varchar('title', { length: ITEM_FIELDS.title.max }).notNull(),
    description: varchar('description', { length: ITEM_FIELDS.description.max }),
    sku: varchar('sku', { length: ITEM_FIELDS.sku.max }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    index('items_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('items_owner_created_at_idx').on(
      t.ownerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

// Exact row counts kept by statement-level triggers (the counters migrations): a list's `count` is a short
// range read, not a table scan. Each connection adds to its own shard (pg_backend_pid() % 16), so that
// concurrent inserts do not queue on one row lock.
export const counters = pgTable(
  'counters',
  {
    key: text('key').notNull(),
    shard: smallint('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.shard] })],
);

export const countKeys = {
  users: 'users',
  items: 'items',
  itemsOf: (ownerId: string) => `items:${ownerId}`,
} as const;

// Access tokens revoked before their expiry (POST /logout); ending all sessions bumps users.token_version.
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);

/** Each profile field's column: PATCH bodies' column maps and the presenter read it (server/users). */
export const PROFILE_COLUMN_NAMES = Object.fromEntries(PROFILE_FIELDS.map((name) => [name, camel(name)])) as {
  readonly [K in ProfileField]: Camel<K>;
};

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type ItemRow = typeof items.$inferSelect;

// E-mails waiting to be delivered (server/mail/queue.ts): leased by one process while it sends, deleted
// once sent, put back with a later `due_at` when sending fails; `failed_at` marks a permanent refusal.
export const emailQueue = pgTable(
  'email_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    highlight: text('highlight'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [index('email_queue_due_idx').on(t.dueAt).where(sql`${t.failedAt} IS NULL`)],
);

// Idempotency keys (server/http/idempotency.ts): claimed by a request (`status` null, `locked_until` its
// lease), then its first 2xx answer until `expires_at`. `scope`: 'user:<id>' or 'anonymous:<operationId>'.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    owner: text('owner'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    status: smallint('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
