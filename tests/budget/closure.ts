import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Manifest } from 'vite';

/** The JavaScript budget of a cold first visit of /login (issue 8): gzipped bytes, 1 kB = 1000 bytes. */
export const LOGIN_JS_BUDGET = 160_000;
export const LOGIN_JS_GOAL = 150_000;

export interface ChunkSize {
  file: string;
  raw: number;
  /** The precompressed .gz the server sends (zopfli), or zlib -9 when the build wrote none. */
  gzip: number;
  /** zlib at level 9, for comparison with tools that gzip on the fly. */
  zlib9: number;
  brotli: number;
}

export interface RouteJs {
  chunks: ChunkSize[];
  gzip: number;
  zlib9: number;
  brotli: number;
  raw: number;
}

function sizeOf(outDir: string, file: string): ChunkSize {
  const full = path.join(outDir, file);
  const data = readFileSync(full);
  const zlib9 = zlib.gzipSync(data, { level: 9 }).length;
  const brotli = existsSync(`${full}.br`)
    ? statSync(`${full}.br`).size
    : zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const gzip = existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : zlib9;
  return { file, raw: data.length, gzip, zlib9, brotli };
}

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Manifest keys of a route's split chunks (e.g. `src/routes/login.tsx?tsr-split=component`). */
export function routeChunkKeys(manifest: Manifest, routeFile: string): string[] {
  return Object.keys(manifest).filter((key) => key === routeFile || key.startsWith(`${routeFile}?`));
}

/**
 * The chunks a cold visit of a route loads: the entry (index.html's script) with its static imports,
 * then the route's split component chunk(s) with theirs. Dynamic imports (other routes, the toaster)
 * are not followed: they load on navigation or on demand.
 */
export function routeChunks(manifest: Manifest, routeFiles: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit('index.html');
  for (const routeFile of routeFiles) for (const key of routeChunkKeys(manifest, routeFile)) visit(key);
  return [...seen].map((key) => manifest[key]?.file as string);
}

export function routeJs(outDir: string, manifest: Manifest, routeFiles: string[]): RouteJs {
  const chunks = routeChunks(manifest, routeFiles).map((file) => sizeOf(outDir, file));
  const sum = (key: 'gzip' | 'zlib9' | 'brotli' | 'raw') =>
    chunks.reduce((total, chunk) => total + chunk[key], 0);
  return { chunks, gzip: sum('gzip'), zlib9: sum('zlib9'), brotli: sum('brotli'), raw: sum('raw') };
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
