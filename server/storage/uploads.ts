import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ASSET_MAX_MB, PHOTO_MAX_MB, PHOTO_TYPES } from '../../openapi/limits.ts';
import { HttpError, validationFailure } from '../http/errors.ts';

// The contract's limits (openapi/limits.ts), which the SPA's upload checks read too.
export const PHOTO_MAX_BYTES = PHOTO_MAX_MB * 1024 * 1024;
export const ASSET_MAX_BYTES = ASSET_MAX_MB * 1024 * 1024;

/** A file part of a multipart body, as the multipart plugin's onFile hook hands it to handlers. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
  truncated: boolean;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).data);
}

/** The one file of an upload body, or the 4xx that says what is wrong with it. */
export function requireFile(body: unknown, maxBytes: number): UploadedFile {
  const file = (body as { file?: unknown } | undefined)?.file;
  if (!isUploadedFile(file)) {
    throw validationFailure(
      ['body', 'file'],
      'Expected a file upload in the multipart field "file"',
      'value_error',
    );
  }
  if (file.truncated || file.data.length > maxBytes) {
    throw new HttpError(413, `File too large: the limit is ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
  if (file.data.length === 0) throw new HttpError(400, 'The file is empty');
  return file;
}

/** A profile photo's type, as the contract lists them (openapi/limits.ts). */
export type PhotoType = (typeof PHOTO_TYPES)[number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** How each photo type's content begins: a type the contract adds does not compile until it has one. */
const PHOTO_SIGNATURES: Record<PhotoType, (data: Buffer) => boolean> = {
  'image/png': (data) => data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE),
  'image/jpeg': (data) => data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff,
  'image/webp': (data) =>
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP',
};

/** Recognises an image by its first bytes; the name and declared type of an upload are never trusted. */
export function sniffImageType(data: Buffer): PhotoType | null {
  return PHOTO_TYPES.find((type) => PHOTO_SIGNATURES[type](data)) ?? null;
}

/** A file name safe to echo back in Content-Disposition and the API: no paths, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((c) => c !== '"' && c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);
  return cleaned || 'file';
}

export const newFileVersion = () => randomBytes(9).toString('base64url');

export type FileKind = 'profile-photo' | 'asset';

export const storageKey = (kind: FileKind, userId: string, version: string) => `${kind}/${userId}/${version}`;

// Links stay the same for 12-hour windows (so browsers can cache them) and live 12 to 24 hours.
const WINDOW_SECONDS = 12 * 60 * 60;

function signature(secret: string, kind: FileKind, userId: string, version: string, exp: number) {
  return createHmac('sha256', secret).update(`${kind}:${userId}:${version}:${exp}`).digest('base64url');
}

export function signedFileUrl(
  secret: string,
  prefix: string,
  kind: FileKind,
  userId: string,
  version: string,
  now = Date.now(),
) {
  const exp = (Math.floor(now / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
  const sig = signature(secret, kind, userId, version, exp);
  return `${prefix}/files/${kind}/${userId}?v=${version}&exp=${exp}&sig=${sig}`;
}

export function verifyFileSignature(
  secret: string,
  kind: FileKind,
  userId: string,
  version: string,
  exp: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (exp * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, kind, userId, version, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
