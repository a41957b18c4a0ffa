import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  BUDGET_GZIP_LEVEL,
  htmlScripts,
  kB,
  LOGIN_JS_BUDGET,
  LOGIN_JS_GOAL,
  readManifest,
  routeChunkKeys,
  routeJs,
  routeScriptFiles,
} from './closure';

/**
 * Issue 8's SPA budget: a cold first visit of /login loads at most 160 kB of JavaScript gzipped at level 6
 * (every script: index.html's own, what it preloads and their static imports), and the admin and
 * statechart screens' code loads only on their routes. Builds the app into a temporary folder with the
 * project's vite.config.ts and reads index.html and the manifest.
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
  test(`a cold /login loads at most ${kB(LOGIN_JS_BUDGET)} of JavaScript at gzip -${BUDGET_GZIP_LEVEL}`, () => {
    const manifest = readManifest(outDir);
    const login = routeJs(outDir, manifest, ['src/routes/login.tsx']);
    for (const script of login.scripts) {
      console.log(
        `  ${script.file}: ${kB(script.raw)} raw, ${kB(script.gzip)} gzip -${BUDGET_GZIP_LEVEL}, ${kB(script.brotli)} br`,
      );
    }
    console.log(
      `/login JavaScript: ${kB(login.gzip)} gzip -${BUDGET_GZIP_LEVEL} (brotli ${kB(login.brotli)}, raw ${kB(login.raw)}); budget ${kB(LOGIN_JS_BUDGET)}, goal ${kB(LOGIN_JS_GOAL)}`,
    );
    // The entry, the runtime chunk it imports and the pre-paint colour-mode script are all counted.
    const files = login.scripts.map((script) => script.file);
    expect(files).toContain('color-mode.js');
    expect(files.filter((file) => /^assets\/.+\.js$/.test(file)).length).toBeGreaterThanOrEqual(2);
    expect(login.gzip).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
  });

  test('the closure reads every way index.html can load a script', () => {
    const html = `<html><head><script src="/a.js"></script><script>window.x = 1;</script>
      <script type="application/json">{"not": "code"}</script><link rel="modulepreload" crossorigin href="/assets/b.js">
      <link rel="stylesheet" href="/c.css"><script type="module" crossorigin src='/assets/d.js'></script></head></html>`;
    expect(htmlScripts(html)).toEqual({
      files: ['a.js', 'assets/d.js', 'assets/b.js'],
      inline: ['window.x = 1;'],
    });
  });

  test('the admin, statechart and signed-in screens are not in what /login loads', () => {
    const manifest = readManifest(outDir);
    const loaded = routeScriptFiles(outDir, manifest, ['src/routes/login.tsx']).flatMap(
      (file) => modulesOf.get(file) ?? [],
    );
    expect(loaded.length).toBeGreaterThan(0);
    const signedInOnly =
      /^src\/(features\/(admin|layout|items|settings|dashboard|account)|qa\/statecharts\/(?!enabled|inspector\/protocol))|node_modules\/(@tanstack\/(react-)?query|elkjs)/;
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

  test("the statechart viewer's route chunk keeps the name the server hides in production", () => {
    // Lazy chunks are named by hash alone (vite.config.ts); server/web.ts answers 404 for
    // `assets/statecharts-*` unless SERVE_STATECHARTS is on.
    const manifest = readManifest(outDir);
    const files = routeChunkKeys(manifest, 'src/routes/statecharts.tsx')
      .filter((key) => key.includes('tsr-split'))
      .map((key) => manifest[key]?.file);
    expect(files).not.toEqual([]);
    for (const file of files) expect(file).toMatch(/^assets\/statecharts-[\w-]+\.js$/);
  });
});
