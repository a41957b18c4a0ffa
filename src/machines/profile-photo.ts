import { PHOTO_MAX_MB, PHOTO_TYPES } from '../../openapi/limits';
import { type ChosenFile, checkSize, createUploadMachine, MEGABYTE } from './upload';

/** The profile photo: PNG, JPEG or WebP, at most 5 MB, as the contract says (the server checks the content again). */

export const PHOTO_MAX_BYTES = PHOTO_MAX_MB * MEGABYTE;
export const PHOTO_TYPE_MESSAGE = 'The profile photo must be a PNG, JPEG or WebP image';

function looksLikeImage(file: ChosenFile): boolean {
  if (file.type) return (PHOTO_TYPES as readonly string[]).includes(file.type);
  // No declared type (some systems): judge by the name, and let the server read the content.
  return /\.(png|jpe?g|webp)$/i.test(file.name);
}

/** The server's checks, with its messages and in its order: size, emptiness, then type. */
export function checkPhoto(file: ChosenFile): string | null {
  return checkSize(file, PHOTO_MAX_BYTES) ?? (looksLikeImage(file) ? null : PHOTO_TYPE_MESSAGE);
}

/** Chart: [docs/statecharts/profilePhoto.md](../../docs/statecharts/profilePhoto.md). */
export const profilePhotoMachine = createUploadMachine({ id: 'profilePhoto', check: checkPhoto });
