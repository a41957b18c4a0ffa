import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const chakraTheme = path.join(here, 'node_modules/@chakra-ui/react/dist/esm/theme/');

/** Also used by the 'ui' test project (vitest.config.ts), where the extended config's aliases do not apply. */
export const chakraThemeAlias = [
  { find: /^@chakra-ui\/react\/theme\/(.+)$/, replacement: `${chakraTheme}$1.js` },
];

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:8000';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type GzipFn = (data: Buffer) => Promise<Uint8Array>;

/** Zopfli (a better deflate encoder, ~4 % smaller than zlib -9) when installed, else zlib at level 9. */
async function gzipEncoder(): Promise<GzipFn> {
  try {
    const { gzipAsync } = await import('@gfx/zopfli');
    return (data) => gzipAsync(data, { numiterations: 15 });
  } catch {
    return (data) => gzip(data, { level: 9 });
  }
}

/** Larger files (the statechart viewer's chunk) get zlib -9: zopfli would add seconds to every build. */
const ZOPFLI_MAX_BYTES = 600_000;

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` next to every hashed asset, so @fastify/static's
 * `preCompressed` (server/web.ts) sends them without compressing on the fly. The .gz is also what
 * tests/budget measures.
 */
export function precompress(): Plugin {
  let outDir = 'dist/web';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const assets = path.join(outDir, 'assets');
      const files = (await readdir(assets).catch(() => [] as string[])).filter((file) =>
        /\.(js|mjs|css|svg|json|wasm|txt)$/.test(file),
      );
      // PRECOMPRESS=fast (a local `npm start`): brotli 5 and gzip 6 take a second where the release
      // levels take half a minute on 2 cores; the bytes differ by a few per cent.
      const fast = process.env.PRECOMPRESS === 'fast';
      const zopfli = await gzipEncoder();
      const gzipped = (data: Buffer) =>
        fast
          ? gzip(data, { level: 6 })
          : data.length <= ZOPFLI_MAX_BYTES
            ? zopfli(data)
            : gzip(data, { level: 9 });
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(assets, file);
          const data = await readFile(full);
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: (await stat(full)).size,
              },
            }),
            gzipped(data),
          ]);
          if (br.length < data.length) await writeFile(`${full}.br`, br);
          if (gz.length < data.length) await writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Marks the component anatomies of Chakra and Zag (`createAnatomy('x').parts(…)`, `a.extendWith(…)`,
 * module-level calls) as pure, so the ~40 the app never renders are dropped instead of riding along with
 * the few it does (the module is shared by every recipe).
 */
function pureAnatomies(): Plugin {
  const file =
    /(@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]anatomy\.js|@zag-js[\\/][^\\/]+[\\/]dist[\\/][^\\/]+\.anatomy\.mjs)$/;
  return {
    name: 'pure-anatomies',
    apply: 'build',
    transform: {
      filter: { id: file },
      handler(code) {
        return {
          code: code.replace(/= (createAnatomy\(|[\w$]+\.extendWith\()/g, '= /* @__PURE__ */ $1'),
          map: null,
        };
      },
    },
  };
}

/**
 * Chakra keeps its ~50 component anatomies in one module, which every recipe imports. /login's field
 * recipe put it in the entry chunk, and with it every anatomy a lazy route's recipe asks for (dialog,
 * menu, select, radio group, and the Ark and Zag modules behind them): a chunk holds a module whole. The
 * build gives each anatomy a module of its own, made of that file's own statement and the imports it
 * uses, so each lands with the recipes that use it.
 */
function chakraAnatomyModules(): Plugin {
  const anatomyFile = path.join(here, 'node_modules/@chakra-ui/react/dist/esm/anatomy.js');
  const prefix = '\0chakra-anatomy:';
  const word = (name: string) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
  let parsed: Promise<{ imports: Map<string, string>; modules: Map<string, string> }> | undefined;
  const parse = async () => {
    const source = await readFile(anatomyFile, 'utf8');
    const imports = new Map<string, string>();
    for (const [line, name, alias] of source.matchAll(
      /^import \{ (\w+)(?: as ([\w$]+))? \} from '[^']+';$/gm,
    ))
      imports.set(alias ?? (name as string), line);
    const consts = new Map<string, string>();
    for (const [statement, name] of source.matchAll(/^const (\w+) = [\s\S]*?\);$|^const (\w+) = [\w$]+;$/gm))
      consts.set((name ?? /^const (\w+)/.exec(statement)?.[1]) as string, statement);
    const modules = new Map<string, string>();
    for (const [line, name] of source.matchAll(/^export \{ (\w+) \} from '[^']+';$/gm))
      modules.set(name as string, line);
    for (const [name, statement] of consts) {
      const used = [...imports].filter(([local]) => word(local).test(statement)).map(([, line]) => line);
      const locals = [...consts.keys()].filter((other) => other !== name && word(other).test(statement));
      const body = statement.replace(/= (createAnatomy\(|[\w$]+\.extendWith\()/, '= /* @__PURE__ */ $1');
      modules.set(
        name,
        [
          ...used,
          ...locals.map((local) => `import { ${local} } from '${prefix}${local}';`),
          body,
          `export { ${name} };`,
        ].join('\n'),
      );
    }
    const exported = /^export \{ ([^}]+) \};$/m.exec(source)?.[1]?.split(', ') ?? [];
    if (exported.length < 40 || exported.some((name) => !modules.has(name)))
      throw new Error(
        'chakra-anatomy-modules: @chakra-ui/react/dist/esm/anatomy.js changed, update the plugin',
      );
    return { imports, modules };
  };
  return {
    name: 'chakra-anatomy-modules',
    apply: 'build',
    resolveId: { filter: { id: /^\0chakra-anatomy:/ }, handler: (id) => id },
    load: {
      filter: { id: /^\0chakra-anatomy:/ },
      async handler(id) {
        parsed ??= parse();
        const code = (await parsed).modules.get(id.slice(prefix.length));
        if (code === undefined) this.error(`chakra-anatomy-modules: no anatomy ${id.slice(prefix.length)}`);
        return { code, map: null };
      },
    },
    transform: {
      filter: { id: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/][\w-]+\.js$/ },
      handler(code) {
        return {
          code: code.replace(/^import \{ ([^}]+) \} from '\.\.\/\.\.\/anatomy\.js';$/m, (_, names: string) =>
            names
              .split(', ')
              .map((name) => `import { ${name} } from '${prefix}${name.split(' as ')[0]}';`)
              .join('\n'),
          ),
          map: null,
        };
      },
    },
  };
}

/**
 * Ark exports `Field` as one object holding every field part, so a bundle that imports it keeps them all
 * (the textarea's auto-resize code too), although the app renders only some. The build hands Chakra the
 * same parts as an ES namespace instead, of which the bundler keeps only the parts in use.
 */
function arkFieldNamespace(): Plugin {
  const virtualId = '\0ark-field-namespace';
  const fieldDir = path.join(here, 'node_modules/@ark-ui/react/dist/components/field/');
  return {
    name: 'ark-field-namespace',
    apply: 'build',
    enforce: 'pre',
    resolveId: { filter: { id: /^@ark-ui\/react\/field$/ }, handler: () => virtualId },
    load: {
      filter: { id: /^\0ark-field-namespace$/ },
      handler: () =>
        `export * from ${JSON.stringify(`${fieldDir}index.js`)};\n` +
        `export * as Field from ${JSON.stringify(`${fieldDir}field.js`)};\n`,
    },
  };
}

/** Chakra's `_global` styles (reset, global CSS, token variables) and its `@layer` order, as CSS text. */
async function chakraGlobalCss(): Promise<string> {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    resolve: { alias: chakraThemeAlias },
  });
  try {
    const [{ getSystem }, { default: createCache }, { serializeStyles }] = await Promise.all([
      server.ssrLoadModule('/src/ui/system.ts'),
      import('@emotion/cache'),
      import('@emotion/serialize'),
    ]);
    // What ChakraProvider's two <Global> elements would insert at run time, through Emotion's own pipeline.
    const system = getSystem();
    const cache = createCache({ key: 'css' });
    let css = '';
    for (const styles of [system.layers.atRule, system._global]) {
      const rules = cache.insert('', serializeStyles([styles], cache.registered), cache.sheet, false);
      if (typeof rules === 'string') css += rules;
    }
    return css;
  } finally {
    await server.close();
  }
}

/**
 * Chakra computes its global styles (the reset, the global CSS and ~450 token variable declarations) in
 * createSystem, and ChakraProvider serializes and inserts them (stylis) on every start: the largest part
 * of the start-up work (Lighthouse's blocking time on /login went from ~700 to ~400 ms without it). The
 * build writes them into a hashed stylesheet linked from index.html instead (render-blocking like any
 * stylesheet, cached for a year), and the bundled createSystem leaves `_global` empty, so ChakraProvider's
 * <Global> inserts nothing. Dev and the UI tests (no build) keep Chakra's run-time path.
 */
function chakraStaticCss(): Plugin {
  let fileName = '';
  return {
    name: 'chakra-static-css',
    apply: 'build',
    // src/ui/system.ts leaves the global styles out of the bundled system (they are in the stylesheet).
    config: () => ({ define: { 'import.meta.env.CHAKRA_STATIC_CSS': 'true' } }),
    async buildStart() {
      const css = await chakraGlobalCss();
      fileName = `assets/chakra-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transform: {
      filter: { id: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/ },
      handler(code) {
        // The stylesheet holds what these would compute, so the bundle drops them and the preflight
        // module they use; a call (the app makes none) says where the styles went instead.
        const replacements = [
          ['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', 'const _global = [];'],
          [
            '    getTokenCss,\n    getGlobalCss,\n    getPreflightCss,\n',
            '    getTokenCss: builtIntoStylesheet,\n    getGlobalCss: builtIntoStylesheet,\n    getPreflightCss: builtIntoStylesheet,\n',
          ],
        ];
        let next = code;
        for (const [before, after] of replacements) {
          if (!next.includes(before))
            this.error('chakra-static-css: createSystem changed, update the plugin');
          next = next.replace(before, after);
        }
        const stub =
          "function builtIntoStylesheet() { throw new Error('Chakra\\'s global CSS is built into assets/chakra-*.css (vite.config.ts)'); }\n";
        return { code: stub + next, map: null };
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head' }],
    },
  };
}

export default defineConfig({
  // The SPA reads no .env: that file holds the server's settings (and a NODE_ENV that would switch the
  // build to React's development bundle). The SPA has no build-time settings.
  envDir: false,
  plugins: [
    // The router plugin must come before react(): it generates src/routeTree.gen.ts and splits routes.
    // Every route's component is split into its own chunk except /login's: the first screen of a
    // cold visit renders without a second round trip for its chunk (its form code is shared by the
    // other public screens and most signed-in ones anyway).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (routeId === '/login' ? [] : undefined),
      },
    }),
    react(),
    pureAnatomies(),
    chakraAnatomyModules(),
    arkFieldNamespace(),
    chakraStaticCss(),
    precompress(),
  ],
  resolve: {
    // Single theme modules (not exported by the package): src/ui/system.ts and src/ui/recipes.ts import
    // tokens and recipes one by one, so the main bundle holds only what the lean system uses and each
    // heavier recipe lands in the chunks of the routes that render it.
    alias: [
      ...chakraThemeAlias,
      // React 19 has useSyncExternalStore: @xstate/react's shims for React < 18 are dead weight.
      { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/docs': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/docs': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    // dist/server/ holds the compiled server (tsconfig.server.json); only dist/web/ is served.
    outDir: 'dist/web',
    target: 'es2022',
    sourcemap: false,
    // tests/budget and scripts/bench/web.ts read which chunks each route loads from the manifest.
    manifest: true,
    // Every browser of the es2022 target but Safari < 17 supports <link rel="modulepreload">; without
    // it the chunks still load, only not ahead of time.
    modulePreload: { polyfill: false },
    // The statechart viewer's chunk (elkjs) is large by design and loads on /statecharts only.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      treeshake: {
        // @emotion/react imports these for its side effects only (withTheme, which the app never uses).
        moduleSideEffects: [
          { test: /node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Lazy chunks by hash alone: the entry spells every chunk's file name (the dynamic imports and
        // Vite's preload map), and names cost /login ~0.35 kB at gzip -6. The manifest still maps each
        // file to its source module (.vite/manifest.json). The statechart viewer's route chunk keeps its
        // name: the server hides `assets/statecharts-*` in production (server/web.ts; tests/budget checks).
        chunkFileNames: (chunk) =>
          chunk.name === 'statecharts' ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
        codeSplitting: {
          // Everything the entry imports statically goes into the entry chunk: rolldown would otherwise
          // cut it into several common chunks (shared with lazy routes) that every page preloads anyway.
          groups: [
            // Zag's utilities re-export these from their index, so /login's entry reaches them statically
            // though it uses nothing of them: in the entry chunk they would ride along for the lazy
            // routes' menus and dialogs (~0.25 kB of /login's budget). Apart, only those routes load them.
            {
              name: 'zag-shared',
              test: /@zag-js[\\/](utils|dom-query)[\\/]dist[\\/]chunk-\w+\.mjs$/,
              priority: 2,
            },
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
