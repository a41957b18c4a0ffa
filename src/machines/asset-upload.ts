import { type ChosenFile, checkSize, createUploadMachine, MEGABYTE } from './upload';

/** The asset: any file of at most 20 MB (server/storage/uploads.ts). */

export const ASSET_MAX_BYTES = 20 * MEGABYTE;

export function checkAsset(file: ChosenFile): string | null {
  return checkSize(file, ASSET_MAX_BYTES);
}

export const assetUploadMachine = createUploadMachine({ id: 'assetUpload', check: checkAsset });
