/**
 * The contract's limits, as values: the document's schemas and the SPA's forms both import them (a change
 * needs `npm run regen`). Plain values only: /login's bundle imports this module whole.
 */

/** An e-mail address, a name, an item's title, description and SKU, a user's major. */
export const TEXT_MAX = 255;
/** A phone number. */
export const PHONE_MAX = 32;
/** A password a user chooses (sign-up, reset, change, admin create/update). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The digits of an e-mail confirmation code. */
export const CONFIRM_CODE_LENGTH = 6;
/** A password-reset token. */
export const RESET_TOKEN_MAX = 2048;
/** A device's push-notification token. */
export const FCM_TOKEN_MAX = 4096;
/** An `Idempotency-Key` header: a UUID quoted, with room to spare. */
export const IDEMPOTENCY_KEY_MAX = 257;
/** `skip` fits PostgreSQL's int4; one page holds at most this many rows. */
export const SKIP_MAX = 2147483647;
export const LIMIT_MAX = 1000;
export const LIMIT_DEFAULT = 100;
/** Uploads, in megabytes (MiB). */
export const PHOTO_MAX_MB = 5;
export const ASSET_MAX_MB = 20;
/** What a profile photo may be (checked by content on the server). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
