import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/guard.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { OperationHandlers } from '../http/types.ts';
import type { SendEmail } from '../mail/queue.ts';
import { confirmEmailCodeEmail } from '../mail/templates.ts';
import {
  ASSET_MAX_BYTES,
  cleanFileName,
  newFileVersion,
  PHOTO_MAX_BYTES,
  requireFile,
  sniffImageType,
  storageKey,
} from '../storage/uploads.ts';
import {
  CONFIRM_CODE_MAX_ATTEMPTS,
  CONFIRM_CODE_TTL_HOURS,
  CONFIRM_RESEND_INTERVAL_SECONDS,
  freshConfirmation,
} from './confirmation.ts';
import { userPresenter } from './public.ts';

type ExtraOperations =
  | 'updateSubscriptionTypeMe'
  | 'setFcmTokenMe'
  | 'checkConfirmEmailMe'
  | 'resendConfirmEmailMe'
  | 'uploadProfilePhotoMe'
  | 'deleteProfilePhotoMe'
  | 'uploadAssetMe'
  | 'deleteAssetMe';

const alreadyConfirmed = () => new HttpError(400, 'Email is already confirmed');

/** Queues the e-mail with the user's pending confirmation code, if one is pending. */
export function sendConfirmationCode(app: FastifyInstance, user: UserRow, send: SendEmail) {
  if (!user.confirmCode) return;
  send(confirmEmailCodeEmail(app.templateContext, user.email, user.confirmCode, CONFIRM_CODE_TTL_HOURS));
}

/** Deletes a user's stored files after the user row is gone; a failure leaves an orphan file, logged. */
export async function removeUserFiles(app: FastifyInstance, user: UserRow) {
  const keys = [
    user.profilePhotoVersion && storageKey('profile-photo', user.id, user.profilePhotoVersion),
    user.assetVersion && storageKey('asset', user.id, user.assetVersion),
  ].filter((k): k is string => Boolean(k));
  await Promise.all(
    keys.map((key) =>
      app.storage.delete(key).catch((error) => app.log.error({ err: error, key }, 'file delete failed')),
    ),
  );
}

export function userExtraHandlers(app: FastifyInstance): OperationHandlers<ExtraOperations> {
  const present = userPresenter(app.settings.secretKey);
  const updated = async (id: string, values: Parameters<typeof app.users.update>[1]) => {
    const row = await app.users.update(id, values);
    if (!row) throw new HttpError(404, 'User not found');
    return row;
  };
  const deleteStored = (key: string) =>
    app.storage.delete(key).catch((error) => app.log.error({ err: error, key }, 'file delete failed'));

  return {
    async updateSubscriptionTypeMe(request) {
      const user = requireUser(request);
      const row = await updated(user.id, { subscriptionType: request.query.subscription_type });
      return present(row, row);
    },

    async setFcmTokenMe(request) {
      const user = requireUser(request);
      await updated(user.id, { fcmToken: request.body.fcm_token.trim() });
      return { message: 'Push notification token saved' };
    },

    async checkConfirmEmailMe(request) {
      const user = requireUser(request);
      await app.limiter.consume('confirmPerIp', request.ip);
      await app.limiter.consume('confirmPerAccount', user.id);
      if (user.isEmailConfirmed) throw alreadyConfirmed();
      if (!user.confirmCode || !user.confirmCodeExpiresAt) {
        throw new HttpError(400, 'No confirmation code is pending. Ask for a new code.');
      }
      if (user.confirmCodeAttempts >= CONFIRM_CODE_MAX_ATTEMPTS) {
        throw new HttpError(400, 'Too many wrong codes. Ask for a new code.');
      }
      if (user.confirmCodeExpiresAt.getTime() <= Date.now()) {
        throw new HttpError(400, 'The confirmation code has expired. Ask for a new code.');
      }
      const result = await app.users.tryConfirmCode(
        user.id,
        request.body.confirm_code,
        CONFIRM_CODE_MAX_ATTEMPTS,
      );
      if (result.user) return present(result.user, result.user);
      const left = CONFIRM_CODE_MAX_ATTEMPTS - (result.attempts ?? CONFIRM_CODE_MAX_ATTEMPTS);
      if (left <= 0) throw new HttpError(400, 'Too many wrong codes. Ask for a new code.');
      throw new HttpError(400, `Invalid confirmation code. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
    },

    async resendConfirmEmailMe(request) {
      const user = requireUser(request);
      await app.limiter.consume('confirmPerIp', request.ip);
      if (user.isEmailConfirmed) throw alreadyConfirmed();
      const renewed = await app.mailDelivery.transaction(async (tx, send) => {
        const row = await app.users.renewConfirmCode(
          user.id,
          freshConfirmation(),
          CONFIRM_RESEND_INTERVAL_SECONDS,
          tx,
        );
        if (row) sendConfirmationCode(app, row, send);
        return row;
      });
      if (!renewed) {
        const sentAt = user.confirmCodeSentAt?.getTime() ?? Date.now();
        const wait = Math.max(
          1,
          Math.ceil((sentAt + CONFIRM_RESEND_INTERVAL_SECONDS * 1000 - Date.now()) / 1000),
        );
        throw new HttpError(429, `Please wait ${wait} seconds before asking for a new code.`, {
          'Retry-After': String(wait),
        });
      }
      return { message: 'A new confirmation code was sent to your email' };
    },

    async uploadProfilePhotoMe(request) {
      const user = requireUser(request);
      const file = requireFile(request.body, PHOTO_MAX_BYTES);
      const type = sniffImageType(file.data);
      if (!type) throw new HttpError(415, 'The profile photo must be a PNG, JPEG or WebP image');
      const version = newFileVersion();
      await app.storage.put(storageKey('profile-photo', user.id, version), file.data, type);
      const row = await updated(user.id, { profilePhotoVersion: version, profilePhotoType: type });
      if (user.profilePhotoVersion)
        await deleteStored(storageKey('profile-photo', user.id, user.profilePhotoVersion));
      return present(row, row);
    },

    async deleteProfilePhotoMe(request) {
      const user = requireUser(request);
      const row = await updated(user.id, { profilePhotoVersion: null, profilePhotoType: null });
      if (user.profilePhotoVersion)
        await deleteStored(storageKey('profile-photo', user.id, user.profilePhotoVersion));
      return present(row, row);
    },

    async uploadAssetMe(request) {
      const user = requireUser(request);
      const file = requireFile(request.body, ASSET_MAX_BYTES);
      const version = newFileVersion();
      // The declared type is only a label for the download; the file is always served as an attachment.
      const type = /^[\w.+-]+\/[\w.+-]+$/.test(file.mimetype) ? file.mimetype : 'application/octet-stream';
      await app.storage.put(storageKey('asset', user.id, version), file.data, type);
      const row = await updated(user.id, {
        assetVersion: version,
        assetName: cleanFileName(file.filename),
        assetType: type,
        assetSize: file.data.length,
      });
      if (user.assetVersion) await deleteStored(storageKey('asset', user.id, user.assetVersion));
      return present(row, row);
    },

    async deleteAssetMe(request) {
      const user = requireUser(request);
      const row = await updated(user.id, {
        assetVersion: null,
        assetName: null,
        assetType: null,
        assetSize: null,
      });
      if (user.assetVersion) await deleteStored(storageKey('asset', user.id, user.assetVersion));
      return present(row, row);
    },
  };
}
