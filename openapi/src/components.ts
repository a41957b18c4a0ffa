import { GENDERS, SUBSCRIPTION_TYPES } from '../enums.ts';
import { ITEM_FIELDS, PROFILE_FIELDS, USER_FIELDS } from '../fields.ts';
import {
  CONFIRM_CODE_LENGTH,
  FCM_TOKEN_MAX,
  IDEMPOTENCY_KEY_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RESET_TOKEN_MAX,
  TEXT_MAX,
} from '../limits.ts';
import { fieldSchema, fieldSchemas, model, orNull, ref, text } from './schema.ts';
import type { Document, Parameter, Response, Schema } from './types.ts';

/** The shared component schemas (titled by their names), responses and parameters, by name. */

const email = fieldSchema(USER_FIELDS.email);
const password = text(PASSWORD_MAX, { minLength: PASSWORD_MIN });
const fullName = fieldSchema(USER_FIELDS.full_name);
const uuid: Schema = { type: 'string', format: 'uuid' };
const dateTime: Schema = { type: 'string', format: 'date-time' };
const nullableString = orNull({ type: 'string' });

/** The optional profile fields every user shape carries. */
const profile = fieldSchemas(USER_FIELDS, PROFILE_FIELDS);
const item = fieldSchemas(ITEM_FIELDS, ['description', 'sku']);
const title = fieldSchema(ITEM_FIELDS.title, { minLength: 1 });

/** A page of rows and the total count (the list operations' answer). */
const page = (row: string) =>
  model({ data: { type: 'array', items: ref(row) }, count: { type: 'integer' } }, ['data', 'count']);

const readinessCheck = (values: string[], description: string): Schema => ({
  type: 'string',
  enum: values,
  description,
});

export const schemas = {
  Gender: { type: 'string', enum: GENDERS },
  SubscriptionType: { type: 'string', enum: SUBSCRIPTION_TYPES },
  Message: model({ message: { type: 'string' } }, ['message']),
  Token: model({ access_token: { type: 'string' }, token_type: { type: 'string', default: 'bearer' } }, [
    'access_token',
  ]),
  HTTPError: model({ detail: { type: 'string' } }, ['detail']),
  ValidationError: model(
    {
      loc: { type: 'array', title: 'Location', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
      msg: { type: 'string', title: 'Message' },
      type: { type: 'string', title: 'Error Type' },
    },
    ['loc', 'msg', 'type'],
  ),
  HTTPValidationError: model({ detail: { type: 'array', items: ref('ValidationError') } }, ['detail']),
  Body_login_login_access_token: {
    // FastAPI titles a form body after the operation id it generates (tag-function).
    title: 'Body_login-login_access_token',
    ...model(
      {
        grant_type: orNull({ type: 'string', pattern: '^password$' }),
        username: text(TEXT_MAX),
        password: text(PASSWORD_MAX),
        scope: { type: 'string', default: '' },
        client_id: nullableString,
        client_secret: nullableString,
      },
      ['username', 'password'],
    ),
  },
  NewPassword: model({ token: text(RESET_TOKEN_MAX), new_password: password }, ['token', 'new_password']),
  UpdatePassword: model({ current_password: password, new_password: password }, [
    'current_password',
    'new_password',
  ]),
  UserPublic: model(
    {
      email,
      is_active: { type: 'boolean' },
      is_superuser: { type: 'boolean' },
      full_name: fullName,
      id: uuid,
      created_at: dateTime,
      ...profile,
      subscription_type: ref('SubscriptionType'),
      is_email_confirmed: { type: 'boolean' },
      confirm_code: { ...nullableString, description: 'Only returned to superusers.' },
      profile_photo_url: {
        ...nullableString,
        description: 'Signed link to the profile photo, valid for at least 12 hours.',
      },
      asset_url: {
        ...nullableString,
        description:
          'Signed link to the asset, valid for at least 12 hours; only for the owner and superusers.',
      },
      asset_name: nullableString,
      asset_size: orNull({ type: 'integer' }),
    },
    [
      'email',
      'id',
      'is_active',
      'is_superuser',
      'full_name',
      'created_at',
      'subscription_type',
      'is_email_confirmed',
    ],
  ),
  UsersPublic: page('UserPublic'),
  UserCreate: model(
    {
      email,
      is_active: { type: 'boolean', default: true },
      is_superuser: { type: 'boolean', default: false },
      full_name: fullName,
      password,
      subscription_type: ref('SubscriptionType'),
      is_email_confirmed: { type: 'boolean', default: false },
      ...profile,
    },
    ['email', 'password'],
  ),
  UserRegister: model({ email, password, full_name: fullName }, ['email', 'password']),
  UserUpdate: model({
    email: orNull(email),
    is_active: { type: 'boolean' },
    is_superuser: { type: 'boolean' },
    full_name: fullName,
    password: orNull(password),
    subscription_type: ref('SubscriptionType'),
    is_email_confirmed: { type: 'boolean' },
    ...profile,
  }),
  UserUpdateMe: model({ full_name: fullName, email: orNull(email), ...profile }),
  ItemCreate: model({ title, ...item }, ['title']),
  ItemUpdate: model({
    title: orNull(title),
    ...item,
  }),
  ItemPublic: model(
    {
      title: { type: 'string' },
      ...item,
      id: uuid,
      owner_id: uuid,
      created_at: dateTime,
    },
    ['title', 'id', 'owner_id', 'created_at'],
  ),
  ItemsPublic: page('ItemPublic'),
  ConfirmEmailCode: model(
    {
      confirm_code: {
        type: 'string',
        pattern: `^[0-9]{${CONFIRM_CODE_LENGTH}}$`,
        description: `The ${CONFIRM_CODE_LENGTH}-digit code from the confirmation e-mail.`,
      },
    },
    ['confirm_code'],
  ),
  FcmToken: model(
    {
      fcm_token: {
        ...text(FCM_TOKEN_MAX, { minLength: 1, pattern: '\\S' }),
        description: "The device's push-notification (Firebase Cloud Messaging) token.",
      },
    },
    ['fcm_token'],
  ),
  Body_upload_file: model({ file: { type: 'string', format: 'binary' } }, ['file']),
  ReadinessChecks: model(
    {
      database: readinessCheck(
        ['ok', 'unreachable', 'schema behind'],
        'A query on the database answered within 2 s (`unreachable` otherwise), and its schema has every migration this server knows (`schema behind` otherwise). Either failure makes the process not ready.',
      ),
      redis: readinessCheck(
        ['ok', 'unreachable', 'not used'],
        "REDIS_URL's server answered a PING within 1 s; `unreachable` otherwise (the process is then `degraded`, still ready: it counts rate limits on its own until Redis is back); `not used` without REDIS_URL (or with rate limits off).",
      ),
    },
    ['database', 'redis'],
  ),
  Readiness: model(
    {
      status: readinessCheck(
        ['ready', 'degraded'],
        '`degraded`: serving, but a dependency it can do without is down (see `checks`).',
      ),
      checks: ref('ReadinessChecks'),
    },
    ['status', 'checks'],
  ),
  NotReady: model({ detail: { type: 'string' }, checks: ref('ReadinessChecks') }, ['detail', 'checks']),
} satisfies Record<string, Schema>;

export type SchemaName = keyof typeof schemas;

const retryAfter = { 'Retry-After': { schema: { type: 'integer' } } } satisfies Response['headers'];

/** A refusal: its status (not written), description and FastAPI's `{detail}` body (or the 422 list). */
const refusal = (status: string, text: string, headers?: Response['headers'], body = 'HTTPError') => ({
  status,
  description: text,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: ref(body) } },
});

/** The refusals operations share, by the name `refusals` in ./operation.ts takes. */
export const responses = {
  BadRequest: refusal('400', 'Bad request: the `detail` text says why.'),
  Unauthorized: refusal('401', 'Not authenticated: no bearer token was sent.', {
    'WWW-Authenticate': { schema: { type: 'string' } },
  }),
  Forbidden: refusal('403', 'Could not validate credentials, or not enough privileges.'),
  NotFound: refusal('404', 'Not found.'),
  Conflict: refusal('409', 'Conflict with an existing record.'),
  ValidationError: refusal('422', 'Validation Error', undefined, 'HTTPValidationError'),
  TooManyRequests: refusal(
    '429',
    'Too many requests: wait for the number of seconds in `Retry-After`.',
    retryAfter,
  ),
  PayloadTooLarge: refusal('413', 'The file or body is larger than allowed.'),
  UnsupportedMediaType: refusal('415', "The file's content is not of an accepted type."),
  IdempotencyKeyInUse: refusal(
    '409',
    'A request with the same Idempotency-Key is still being processed: retry after `Retry-After` seconds.',
    retryAfter,
  ),
} satisfies Record<string, Response & { status: string }>;

export type RefusalName = keyof typeof responses;

export const parameters = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
    description:
      "Makes a retry safe (IETF httpapi draft \"The Idempotency-Key HTTP Header Field\"): a unique value per request, e.g. a UUID, bare or as a quoted string. A retry with the same key and the same request (path, query and body) gets the first successful answer again, same status and body, with `Idempotent-Replayed: true`, and the operation is not done again. Only successful (2xx) answers are kept: after any other answer the key may be used again for a retry. The same key with another request: 422; while the first request with it still runs: 409. Keys are the signed-in user's (an anonymous call's: the operation's) and are kept 24 hours.",
    example: '8e03978e-40d5-43e8-bc93-6894a57f9324',
  },
} satisfies Record<string, Parameter>;

export const securitySchemes: Document['components']['securitySchemes'] = {
  OAuth2PasswordBearer: {
    type: 'oauth2',
    flows: { password: { scopes: {}, tokenUrl: '/api/v1/login/access-token' } },
  },
};
