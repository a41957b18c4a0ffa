import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Settings } from '../config.ts';
import type { FileStorage } from './file-storage.ts';

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
