import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Manifest } from 'vite';

/**
 * The JavaScript budget of a cold first visit of /login (issue 8, issue 16): bytes after gzip at level 6
 * (what Vite's build report and most size tools print), 1 kB = 1000 bytes. The server sends smaller
 * precompressed files (zopfli .gz, brotli); the budget does not count on them.
 */
export const LOGIN_JS_BUDGET = 160_000;
export const LOGIN_JS_GOAL = 150_000;

/** The gzip level the budget is measured at. */
export const BUDGET_GZIP_LEVEL = 6;

export interface ScriptSize {
  /** `color-mode.js`, `assets/index-….js`, or `index.html#inline-1` for an inline script. */
  file: string;
  raw: number;
  /** zlib at BUDGET_GZIP_LEVEL: the budget's measure. */
  gzip: number;
  /** brotli at quality 11, for comparison. */
  brotli: number;
}

export interface PageJs {
  scripts: ScriptSize[];
  raw: number;
  gzip: number;
  brotli: number;
}

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Manifest keys of a route's split chunks (e.g. `src/routes/login.tsx?tsr-split=component`). */
export function routeChunkKeys(manifest: Manifest, routeFile: string): string[] {
  return Object.keys(manifest).filter((key) => key === routeFile || key.startsWith(`${routeFile}?`));
}

interface HtmlScripts {
  /** Same-origin script files index.html loads or preloads (`<script src>`, modulepreload), without the leading slash. */
  files: string[];
  /** The text of each inline `<script>`. */
  inline: string[];
}

/** The scripts the built index.html loads: classic and module `<script src>`, modulepreload links, inline scripts. */
export function htmlScripts(html: string): HtmlScripts {
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
      .exec(tag)
      ?.slice(1)
      .find(Boolean);
  const files: string[] = [];
  const inline: string[] = [];
  for (const [, tag = '', body = ''] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const src = attribute(tag, 'src');
    const type = attribute(tag, 'type')?.toLowerCase();
    // JSON, import maps and templates in a <script> tag are data, not JavaScript.
    if (type && type !== 'module' && !type.includes('javascript')) continue;
    if (src) files.push(src);
    else if (body.trim()) inline.push(body);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (href && attribute(tag, 'rel')?.toLowerCase() === 'modulepreload') files.push(href);
  }
  return { files: files.map((file) => file.replace(/^\//, '')), inline };
}

/**
 * The script files a cold visit of a route loads, relative to the build folder: what index.html loads
 * and preloads, every static import of those chunks, then the route's split component chunk(s) with
 * their static imports. Dynamic imports (other routes, the toaster) are not followed: they load on
 * navigation or on demand. tests/e2e/login-scripts.spec.ts checks this set against what Chromium loads.
 */
export function routeScriptFiles(outDir: string, manifest: Manifest, routeFiles: string[]): string[] {
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = new Set<string>();
  const visitKey = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visitKey(dep);
  };
  for (const file of htmlScripts(readFileSync(path.join(outDir, 'index.html'), 'utf8')).files) {
    const key = keyOfFile.get(file);
    if (key) visitKey(key);
    else files.add(file);
  }
  for (const routeFile of routeFiles) for (const key of routeChunkKeys(manifest, routeFile)) visitKey(key);
  return [...files];
}

export function sizeOf(file: string, data: Buffer): ScriptSize {
  return {
    file,
    raw: data.length,
    gzip: zlib.gzipSync(data, { level: BUDGET_GZIP_LEVEL }).length,
    brotli: zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }).length,
  };
}

export function totals(scripts: ScriptSize[]): PageJs {
  const sum = (key: 'raw' | 'gzip' | 'brotli') => scripts.reduce((total, script) => total + script[key], 0);
  return { scripts, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
}

/** All the JavaScript a cold visit of a route runs: its script files and index.html's inline scripts. */
export function routeJs(outDir: string, manifest: Manifest, routeFiles: string[]): PageJs {
  const { inline } = htmlScripts(readFileSync(path.join(outDir, 'index.html'), 'utf8'));
  return totals([
    ...routeScriptFiles(outDir, manifest, routeFiles).map((file) =>
      sizeOf(file, readFileSync(path.join(outDir, file))),
    ),
    ...inline.map((body, index) => sizeOf(`index.html#inline-${index + 1}`, Buffer.from(body))),
  ]);
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
