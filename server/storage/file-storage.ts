import type { Readable } from 'node:stream';

/** Where uploaded files live. Keys are made by the server only; no client text ever becomes a key. */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when it does not exist. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}
