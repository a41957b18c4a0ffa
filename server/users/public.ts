import type { components } from '../../src/api/schema.d.ts';
import type { UserRow } from '../db/schema.ts';

type UserPublic = components['schemas']['UserPublic'];

/**
 * The one place a user row becomes API output. `confirm_code` only reaches superusers and the asset
 * only its owner and superusers.
 */
export function toUserPublic(row: UserRow, viewer: UserRow, apiPrefix = '/api/v1'): UserPublic {
  const privileged = viewer.isSuperuser;
  const ownerOrAdmin = privileged || viewer.id === row.id;
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    is_active: row.isActive,
    is_superuser: row.isSuperuser,
    created_at: row.createdAt.toISOString(),
    major: row.major,
    phone: row.phone,
    birth_date: row.birthDate,
    gender: row.gender,
    subscription_type: row.subscriptionType,
    is_email_confirmed: row.isEmailConfirmed,
    confirm_code: privileged ? row.confirmCode : null,
    profile_photo_url: row.profilePhotoKey
      ? `${apiPrefix}/files/profile-photo/${row.id}?v=${row.profilePhotoKey}`
      : null,
    asset_url: ownerOrAdmin && row.assetKey ? `${apiPrefix}/files/asset/${row.id}?v=${row.assetKey}` : null,
    asset_name: ownerOrAdmin ? row.assetName : null,
    asset_size: ownerOrAdmin ? row.assetSize : null,
  };
}
