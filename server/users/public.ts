import type { ProfileField } from '../../openapi/fields.ts';
import { API_PREFIX } from '../../openapi/prefix.ts';
import type { components } from '../../openapi/schema.d.ts';
import { PROFILE_COLUMN_NAMES, type UserRow } from '../db/schema.ts';
import type { EveryField } from '../http/fields.ts';
import { signedFileUrl } from '../storage/uploads.ts';

type UserPublic = components['schemas']['UserPublic'];

/** Every field of `UserPublic`, optional ones too: a field the contract gains must be presented here. */
export type PresentUser = (row: UserRow, viewer: UserRow) => EveryField<UserPublic>;

/** The profile's optional fields of a row, as the contract names them. */
const profileOf = (row: UserRow) =>
  Object.fromEntries(Object.entries(PROFILE_COLUMN_NAMES).map(([field, column]) => [field, row[column]])) as {
    [K in ProfileField]: UserRow[(typeof PROFILE_COLUMN_NAMES)[K]];
  };

/**
 * The one place a user row becomes API output: `confirm_code` only for superusers about others, the asset
 * only for its owner and superusers; file links are signed, so an <img> loads them without a bearer header.
 */
export function userPresenter(secret: string): PresentUser {
  return (row, viewer) => {
    const privileged = viewer.isSuperuser;
    const ownerOrAdmin = privileged || viewer.id === row.id;
    const showAsset = ownerOrAdmin && row.assetVersion !== null;
    return {
      id: row.id,
      email: row.email,
      full_name: row.fullName,
      is_active: row.isActive,
      is_superuser: row.isSuperuser,
      created_at: row.createdAt.toISOString(),
      ...profileOf(row),
      subscription_type: row.subscriptionType,
      is_email_confirmed: row.isEmailConfirmed,
      confirm_code: privileged && viewer.id !== row.id ? row.confirmCode : null,
      profile_photo_url: row.profilePhotoVersion
        ? signedFileUrl(secret, API_PREFIX, 'profile-photo', row.id, row.profilePhotoVersion)
        : null,
      asset_url:
        showAsset && row.assetVersion
          ? signedFileUrl(secret, API_PREFIX, 'asset', row.id, row.assetVersion)
          : null,
      asset_name: showAsset ? row.assetName : null,
      asset_size: showAsset ? row.assetSize : null,
    };
  };
}
