import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Settings } from '../config.ts';

/** Where uploaded files live. Keys are made by the server only; no client text ever becomes a key. */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when it does not exist. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-zA-Z0-9_-]+)+$/;

function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`refusing unsafe storage key ${JSON.stringify(key)}`);
}

export function createDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'disk',
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename would be atomic; a fresh random key per upload gives the same guarantee.
      await writeFile(file, data, { flag: 'wx' });
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        return { body: createReadStream(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export async function createStorage(settings: Settings): Promise<FileStorage> {
  if (settings.s3) {
    const { createS3Storage } = await import('./s3.ts');
    return createS3Storage(settings.s3);
  }
  return createDiskStorage(path.join(settings.dataDir, 'uploads'));
}
