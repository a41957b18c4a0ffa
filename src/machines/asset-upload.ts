import { ASSET_MAX_MB } from '../../openapi/limits';
import { type ChosenFile, checkSize, createUploadMachine, MEGABYTE } from './upload';

/** The asset: any file of at most 20 MB, as the contract says (server/storage/uploads.ts checks it). */

export const ASSET_MAX_BYTES = ASSET_MAX_MB * MEGABYTE;

export function checkAsset(file: ChosenFile): string | null {
  return checkSize(file, ASSET_MAX_BYTES);
}

/** Chart: [docs/statecharts/assetUpload.md](../../docs/statecharts/assetUpload.md). */
export const assetUploadMachine = createUploadMachine({ id: 'assetUpload', check: checkAsset });
