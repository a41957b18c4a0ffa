import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/guard.ts';
import type { NewUserRow, UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { OperationHandlers } from '../http/types.ts';
import {
  ASSET_MAX_BYTES,
  cleanFileName,
  type FileKind,
  newFileVersion,
  PHOTO_MAX_BYTES,
  requireFile,
  sniffImageType,
  storageKey,
} from '../storage/uploads.ts';
import { userPresenter } from './public.ts';
import { updateExistingUser } from './update.ts';

/** Deletes the user's file of `kind`, if any; a failure leaves an orphan file, logged, not a failure. */
async function deleteFileOf(app: FastifyInstance, user: UserRow, kind: FileKind) {
  const version = kind === 'asset' ? user.assetVersion : user.profilePhotoVersion;
  if (!version) return;
  const key = storageKey(kind, user.id, version);
  await app.storage.delete(key).catch((error) => app.log.error({ err: error, key }, 'file delete failed'));
}

/** Deletes the user (their items go with them), then their stored files. */
export async function deleteAccount(app: FastifyInstance, user: UserRow) {
  await app.users.delete(user.id);
  await Promise.all((['profile-photo', 'asset'] as const).map((kind) => deleteFileOf(app, user, kind)));
  return { message: 'User deleted successfully' };
}

/** A user row's columns with no file of that kind. */
const NO_FILE: Record<FileKind, Partial<NewUserRow>> = {
  'profile-photo': { profilePhotoVersion: null, profilePhotoType: null },
  asset: { assetVersion: null, assetName: null, assetType: null, assetSize: null },
};

/** The signed-in user's profile photo and asset file: upload (replacing the old file) and delete. */
export function userFileHandlers(
  app: FastifyInstance,
): OperationHandlers<'uploadProfilePhotoMe' | 'deleteProfilePhotoMe' | 'uploadAssetMe' | 'deleteAssetMe'> {
  const present = userPresenter(app.settings.secretKey);
  /** Saves the row's new file columns (a new file, or none), then deletes the file they replace. */
  const save = async (user: UserRow, kind: FileKind, columns: Partial<NewUserRow>) => {
    const row = await updateExistingUser(app, user.id, columns);
    await deleteFileOf(app, user, kind);
    return present(row, row);
  };
  return {
    async uploadProfilePhotoMe(request) {
      const user = requireUser(request);
      const file = requireFile(request.body, PHOTO_MAX_BYTES);
      const type = sniffImageType(file.data);
      if (!type) throw new HttpError(415, 'The profile photo must be a PNG, JPEG or WebP image');
      const version = newFileVersion();
      await app.storage.put(storageKey('profile-photo', user.id, version), file.data, type);
      return save(user, 'profile-photo', { profilePhotoVersion: version, profilePhotoType: type });
    },

    deleteProfilePhotoMe: (request) => save(requireUser(request), 'profile-photo', NO_FILE['profile-photo']),

    async uploadAssetMe(request) {
      const user = requireUser(request);
      const file = requireFile(request.body, ASSET_MAX_BYTES);
      const version = newFileVersion();
      // The declared type is only a label for the download; the file is always served as an attachment.
      const type = /^[\w.+-]+\/[\w.+-]+$/.test(file.mimetype) ? file.mimetype : 'application/octet-stream';
      await app.storage.put(storageKey('asset', user.id, version), file.data, type);
      return save(user, 'asset', {
        assetVersion: version,
        assetName: cleanFileName(file.filename),
        assetType: type,
        assetSize: file.data.length,
      });
    },

    deleteAssetMe: (request) => save(requireUser(request), 'asset', NO_FILE.asset),
  };
}
