import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  kB,
  LOGIN_JS_BUDGET,
  LOGIN_JS_GOAL,
  readManifest,
  routeChunkKeys,
  routeChunks,
  routeJs,
} from './closure';

/**
 * Issue 8's SPA budget: a cold first visit of /login loads at most 160 kB of gzipped JavaScript, and the
 * admin and statechart screens' code loads only on their routes. Builds the app into a temporary folder
 * with the project's vite.config.ts and reads the manifest.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = mkdtempSync(path.join(tmpdir(), 'budget-web-'));
/** Source modules (relative to the project) of each chunk file. */
const modulesOf = new Map<string, string[]>();

function recordModules(): Plugin {
  return {
    name: 'budget-record-modules',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const chunk = output as Rolldown.OutputChunk;
        modulesOf.set(
          chunk.fileName,
          chunk.moduleIds.map((id) => path.relative(root, id.split('?')[0] as string)),
        );
      }
    },
  };
}

beforeAll(async () => {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
      mode: 'production',
      plugins: [recordModules()],
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 240_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('SPA JavaScript budget', () => {
  test(`a cold /login loads at most ${kB(LOGIN_JS_BUDGET)} of gzipped JavaScript`, () => {
    const manifest = readManifest(outDir);
    const login = routeJs(outDir, manifest, ['src/routes/login.tsx']);
    for (const chunk of login.chunks) {
      console.log(`  ${chunk.file}: ${kB(chunk.raw)} raw, ${kB(chunk.gzip)} gzip, ${kB(chunk.brotli)} br`);
    }
    console.log(
      `/login JavaScript: ${kB(login.gzip)} gzip as served (zlib -9: ${kB(login.zlib9)}, brotli: ${kB(login.brotli)}, raw ${kB(login.raw)}); budget ${kB(LOGIN_JS_BUDGET)}, goal ${kB(LOGIN_JS_GOAL)}`,
    );
    expect(login.gzip).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
  });

  test('the admin, statechart and signed-in screens are not in what /login loads', () => {
    const manifest = readManifest(outDir);
    const loaded = routeChunks(manifest, ['src/routes/login.tsx']).flatMap(
      (file) => modulesOf.get(file) ?? [],
    );
    expect(loaded.length).toBeGreaterThan(0);
    const signedInOnly =
      /^src\/(features\/(admin|layout|items|settings|dashboard|account)|qa\/statecharts\/(?!enabled))|node_modules\/(@tanstack\/(react-)?query|elkjs)/;
    expect(loaded.filter((id) => signedInOnly.test(id))).toEqual([]);
  });

  test('the admin and statechart screens are code-split into their own route chunks', () => {
    const manifest = readManifest(outDir);
    for (const [routeFile, feature] of [
      ['src/routes/_layout/admin.tsx', 'src/features/admin/'],
      ['src/routes/statecharts.tsx', 'src/qa/statecharts/StatechartsPage'],
    ] as const) {
      const keys = routeChunkKeys(manifest, routeFile).filter((key) => key.includes('tsr-split'));
      expect(keys, routeFile).not.toEqual([]);
      const files = keys.map((key) => manifest[key]?.file as string);
      expect(files.flatMap((file) => modulesOf.get(file) ?? []).some((id) => id.startsWith(feature))).toBe(
        true,
      );
    }
  });
});
