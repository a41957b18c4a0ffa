import { ASSET_MAX_MB, CONFIRM_CODE_LENGTH, PHOTO_MAX_MB } from '../limits.ts';
import { area, inQuery } from './operation.ts';
import { ref } from './schema.ts';

/** The caller's own account beyond the template's: plan, push token, e-mail confirmation, files. */

const { patch, delete: del } = area('users');

const upload = { schema: 'Body_upload_file', as: ['multipart/form-data'] } as const;

export const accountOperations = [
  patch('/users/me/subscription_type', {
    operationId: 'updateSubscriptionTypeMe',
    auth: 'user',
    description: "Sets the caller's subscription plan.",
    parameters: [inQuery('subscription_type', ref('SubscriptionType'), true)],
    ok: 'UserPublic',
  }),
  patch('/users/me/set_fcm_token', {
    operationId: 'setFcmTokenMe',
    auth: 'user',
    description: "Stores the caller's push-notification token. It is never returned by the API.",
    body: 'FcmToken',
    ok: 'Message',
  }),
  patch('/users/me/check_confirm_email', {
    operationId: 'checkConfirmEmailMe',
    auth: 'user',
    description: `Confirms the caller's e-mail address with the ${CONFIRM_CODE_LENGTH}-digit code that was e-mailed. A code expires after 24 hours and stops working after 5 wrong tries.`,
    body: 'ConfirmEmailCode',
    ok: 'UserPublic',
    refusals: ['TooManyRequests'],
  }),
  patch('/users/me/resend_confirm_email', {
    operationId: 'resendConfirmEmailMe',
    auth: 'user',
    description: 'E-mails a fresh confirmation code (at most once a minute).',
    idempotent: true,
    ok: 'Message',
    refusals: ['TooManyRequests'],
  }),
  patch('/users/me/profile_photo', {
    operationId: 'uploadProfilePhotoMe',
    auth: 'user',
    description: `Replaces the caller's profile photo: a PNG, JPEG or WebP image (checked by content) of at most ${PHOTO_MAX_MB} MB, in the multipart field \`file\`.`,
    idempotent: true,
    body: upload,
    ok: 'UserPublic',
    refusals: ['PayloadTooLarge', 'UnsupportedMediaType'],
  }),
  del('/users/me/profile_photo', {
    operationId: 'deleteProfilePhotoMe',
    auth: 'user',
    description: "Removes the caller's profile photo.",
    ok: 'UserPublic',
  }),
  patch('/users/me/asset', {
    operationId: 'uploadAssetMe',
    auth: 'user',
    description: `Replaces the caller's asset: any file of at most ${ASSET_MAX_MB} MB, in the multipart field \`file\`.`,
    idempotent: true,
    body: upload,
    ok: 'UserPublic',
    refusals: ['PayloadTooLarge'],
  }),
  del('/users/me/asset', {
    operationId: 'deleteAssetMe',
    auth: 'user',
    description: "Removes the caller's asset.",
    ok: 'UserPublic',
  }),
];
