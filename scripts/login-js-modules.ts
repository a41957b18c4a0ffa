// `npx tsx scripts/login-js-modules.ts [N] [--alone]`: what /login's JavaScript budget is spent on, by module
// and package (the N largest, default 40): each chunk's gzip size split in proportion to its modules' own.
// `--alone` leaves every dynamic import out, so the total is /login's own static graph.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { build, type Plugin, type Rolldown } from 'vite';
import { BUDGET_GZIP_LEVEL, kB, readManifest, routeJs, routeScriptFiles } from '../tests/budget/closure.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
/** `--alone`: every dynamic import external, so the chunks hold only what the entry's own static graph uses. */
const alone = args.includes('--alone');
const limit = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 40);
const outDir = mkdtempSync(path.join(tmpdir(), 'login-js-modules-'));
const gzipSize = (text: string) => zlib.gzipSync(Buffer.from(text), { level: BUDGET_GZIP_LEVEL }).length;

/** Each chunk file's modules with their rendered code. */
const chunks = new Map<string, { id: string; code: string }[]>();

function recordModules(): Plugin {
  return {
    name: 'login-js-modules',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const chunk = output as Rolldown.OutputChunk;
        chunks.set(
          chunk.fileName,
          Object.entries(chunk.modules).map(([id, module]) => ({
            // From node_modules/ on when it is a package's (the worktrees' node_modules is a link).
            id: path
              .relative(root, id.replace(/^\0/, '').split('?')[0] as string)
              .replace(/^.*?(node_modules\/)/, '$1'),
            code: module.code ?? '',
          })),
        );
      }
    },
  };
}

/** Leaves every dynamic import out of the build: no lazy chunk then keeps exports alive in the entry. */
function dynamicImportsExternal(): Plugin {
  return {
    name: 'login-js-modules-alone',
    enforce: 'pre',
    resolveDynamicImport: (specifier) =>
      typeof specifier === 'string' ? { id: `external:${specifier}`, external: true } : null,
  };
}

function packageOf(id: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  return match ? (match[1] as string) : id.split('/').slice(0, 3).join('/');
}

async function main() {
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
      mode: 'production',
      plugins: alone ? [recordModules(), dynamicImportsExternal()] : [recordModules()],
    });
    const manifest = readManifest(outDir);
    const routeFiles = ['src/routes/login.tsx'];
    const page = routeJs(outDir, manifest, routeFiles);
    const rows: { id: string; file: string; own: number; share: number }[] = [];
    for (const file of routeScriptFiles(outDir, manifest, routeFiles)) {
      const modules = chunks.get(file);
      if (!modules) continue;
      const chunkGzip = gzipSize(readFileSync(path.join(outDir, file), 'utf8'));
      const own = modules.map((module) => gzipSize(module.code));
      const ownTotal = own.reduce((sum, size) => sum + size, 0);
      modules.forEach((module, index) => {
        const size = own[index] as number;
        if (module.code) rows.push({ id: module.id, file, own: size, share: (size / ownTotal) * chunkGzip });
      });
    }
    rows.sort((a, b) => b.share - a.share);
    console.log(`/login: ${kB(page.gzip)} gzip -${BUDGET_GZIP_LEVEL} in ${page.scripts.length} scripts`);
    for (const script of page.scripts) console.log(`  ${script.file}: ${kB(script.gzip)}`);
    console.log(`\nTop ${limit} modules (share of the chunk's gzip, own gzip alone):`);
    for (const row of rows.slice(0, limit))
      console.log(
        `  ${(row.share / 1000).toFixed(2).padStart(6)} kB  (${kB(row.own).padStart(8)})  ${row.id}`,
      );
    const byPackage = new Map<string, number>();
    for (const row of rows)
      byPackage.set(packageOf(row.id), (byPackage.get(packageOf(row.id)) ?? 0) + row.share);
    console.log('\nBy package or source folder:');
    for (const [name, share] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, limit))
      console.log(`  ${(share / 1000).toFixed(2).padStart(6)} kB  ${name}`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
