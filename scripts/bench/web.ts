// `npm run bench:web`: each route's cold JavaScript and Lighthouse's mobile audit of /login
// (docs/benchmarks.md, Web). Exits 1 when a budget is not met.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import type { Manifest } from 'vite';
import {
  kB,
  LOGIN_JS_BUDGET,
  LOGIN_JS_GOAL,
  readManifest,
  routeJs,
  routeScriptFiles,
  sizeOf,
  totals,
} from '../../tests/budget/closure.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/e2e/chromium.ts';
import {
  log,
  login,
  median,
  numberEnv,
  ROOT,
  runMain,
  serverEnv,
  startServer,
  table,
  tempDir,
} from './lib.ts';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const LH_RUNS = numberEnv('BENCH_LH_RUNS', 3);
const MIN_PERFORMANCE = 97;
const MIN_ACCESSIBILITY = 98;

interface Route {
  path: string;
  /** The route file whose split chunks the route loads (see tests/budget/closure.ts). */
  files: string[];
  signedIn: boolean;
}

const ROUTES: Route[] = [
  { path: '/login', files: ['src/routes/login.tsx'], signedIn: false },
  { path: '/signup', files: ['src/routes/signup.tsx'], signedIn: false },
  { path: '/', files: ['src/routes/_layout.tsx', 'src/routes/_layout/index.tsx'], signedIn: true },
  { path: '/items', files: ['src/routes/_layout.tsx', 'src/routes/_layout/items.tsx'], signedIn: true },
  { path: '/admin', files: ['src/routes/_layout.tsx', 'src/routes/_layout/admin.tsx'], signedIn: true },
  { path: '/statecharts', files: ['src/routes/statecharts.tsx'], signedIn: false },
];

interface Loaded {
  /** Encoded (transfer) body bytes of every script response. */
  bytes: number;
  files: string[];
  encodings: Set<string>;
}

/** Loads `url` in a fresh browser context (empty cache) and sums the script responses' body bytes. */
async function loadCold(
  browser: Browser,
  url: string,
  token: string | null,
  encoding: string,
): Promise<Loaded> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': encoding } });
  try {
    if (token) {
      await context.addInitScript((value) => localStorage.setItem('access_token', value), token);
    }
    const page = await context.newPage();
    const loaded: Loaded = { bytes: 0, files: [], encodings: new Set() };
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          loaded.bytes += sizes.responseBodySize;
          loaded.files.push(new URL(request.url()).pathname);
          loaded.encodings.add((await response?.headerValue('content-encoding')) ?? 'identity');
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await Promise.all(pending);
    return loaded;
  } finally {
    await context.close();
  }
}

const WEIGHTED = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

interface LighthouseRun {
  performance: number;
  accessibility: number;
  /** Each weighted metric's value (ms; CLS unitless). */
  metrics: Record<(typeof WEIGHTED)[number][1], number>;
  /** Each metric's points lost from the performance score (its weight × (1 − its score)), e.g. "TBT 1.5". */
  lost: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Lighthouse now and then fails to record the trace (NO_NAVSTART, …): such a run is retried. */
async function lighthouseRun(url: string, attempts = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseAttempt(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
      log(`  lighthouse attempt ${attempt} failed (${(error as Error).message}), retrying`);
    }
  }
}

async function lighthouseAttempt(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      metrics: Object.fromEntries(
        WEIGHTED.map(([key, label]) => [label, audits[key]?.numericValue ?? Number.NaN]),
      ) as LighthouseRun['metrics'],
      lost: WEIGHTED.map(([key, label]) => {
        const weight = categories.performance?.auditRefs.find((ref) => ref.id === key)?.weight ?? 0;
        return `${label} ${(weight * (1 - (audits[key]?.score ?? 0))).toFixed(1)}`;
      }).join(', '),
    };
  } finally {
    chrome.kill();
  }
}

/** Loads each route cold (gzip, then brotli) and prints its JavaScript; returns what /login loaded. */
async function routeTable(base: string, token: string, outDir: string, manifest: Manifest) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const rows: string[][] = [];
  const loginJs = { gzip: Number.NaN, files: [] as string[], closure: [] as string[] };
  try {
    for (const route of ROUTES) {
      const url = base + route.path;
      const auth = route.signedIn ? token : null;
      const gzip = await loadCold(browser, url, auth, 'gzip, deflate');
      const br = await loadCold(browser, url, auth, 'gzip, deflate, br');
      const fromManifest = routeJs(outDir, manifest, route.files);
      const loaded = totals(
        gzip.files.map((file) =>
          sizeOf(file.slice(1), readFileSync(path.join(outDir, decodeURIComponent(file.slice(1))))),
        ),
      );
      if (route.path === '/login') {
        loginJs.gzip = loaded.gzip;
        loginJs.files = gzip.files;
        loginJs.closure = routeScriptFiles(outDir, manifest, route.files);
      }
      if (![...gzip.encodings].every((encoding) => encoding === 'gzip')) {
        log(`  note: ${route.path} scripts came back as ${[...gzip.encodings].join(', ')}`);
      }
      const transfer = [kB(gzip.bytes), kB(br.bytes)];
      const built = [kB(loaded.gzip), kB(loaded.raw), kB(fromManifest.gzip), kB(fromManifest.brotli)];
      rows.push([`\`${route.path}\``, String(gzip.files.length), ...transfer, ...built]);
    }
  } finally {
    await browser.close();
  }
  const columns = ['route', 'scripts', 'gzip transfer', 'brotli transfer', 'loaded: gzip -6', 'raw'];
  const javascript = table([...columns, 'closure: gzip -6', 'brotli'], rows);
  log(`\nJavaScript of a cold visit (1 kB = 1000 bytes):\n\n${javascript}`);
  return loginJs;
}

async function main(): Promise<boolean> {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const outDir = path.join(ROOT, 'dist', 'web');
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('building (vite build) …');
    execFileSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build'], { cwd: ROOT, stdio: 'ignore' });
  }
  const manifest = readManifest(outDir);

  const { env, superuser } = serverEnv({ DATA_DIR: tempDir('bench-web-'), SERVE_STATECHARTS: 'true' });
  const server = await startServer('server', env);
  const token = await login(server.base, superuser.email, superuser.password);

  const loginJs = await routeTable(server.base, token, outDir, manifest);
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < LH_RUNS; i++) {
    const run = await lighthouseRun(`${server.base}/login`);
    runs.push(run);
    log(
      `lighthouse run ${i + 1}/${LH_RUNS}: performance ${run.performance}, accessibility ${run.accessibility}, LCP ${seconds(run.metrics.LCP)}, FCP ${seconds(run.metrics.FCP)}, TBT ${Math.round(run.metrics.TBT)} ms, CLS ${run.metrics.CLS.toFixed(3)}, SI ${seconds(run.metrics.SI)} (points lost: ${run.lost})`,
    );
  }
  const performance = median(runs.map((run) => run.performance));
  const accessibility = median(runs.map((run) => run.accessibility));
  const lcp = median(runs.map((run) => run.metrics.LCP));
  log(
    `\nLighthouse 12, mobile, /login, median of ${LH_RUNS}: performance ${performance}, accessibility ${accessibility}, LCP ${seconds(lcp)}`,
  );

  const failures: string[] = [];
  if (!(loginJs.gzip <= LOGIN_JS_BUDGET))
    failures.push(
      `/login loads ${kB(loginJs.gzip)} of JavaScript at gzip -6 (budget ${kB(LOGIN_JS_BUDGET)})`,
    );
  const loadedSet = loginJs.files.map((file) => file.slice(1)).sort();
  if (JSON.stringify(loadedSet) !== JSON.stringify([...loginJs.closure].sort()))
    failures.push(
      `/login loads ${loadedSet.join(', ')}; tests/budget counts ${[...loginJs.closure].sort().join(', ')}`,
    );
  const foreign = loginJs.files.filter((file) => /\/(admin|statecharts|_layout)-[\w-]+\.js$/.test(file));
  if (foreign.length)
    failures.push(`/login loads signed-in or admin/statechart chunks: ${foreign.join(', ')}`);
  if (performance < MIN_PERFORMANCE) failures.push(`performance ${performance} < ${MIN_PERFORMANCE}`);
  if (accessibility < MIN_ACCESSIBILITY)
    failures.push(`accessibility ${accessibility} < ${MIN_ACCESSIBILITY}`);
  log(
    `\n/login JavaScript: ${kB(loginJs.gzip)} at gzip -6 (budget ${kB(LOGIN_JS_BUDGET)}, goal ${kB(LOGIN_JS_GOAL)})`,
  );
  for (const failure of failures) log(`BUDGET NOT MET: ${failure}`);
  return failures.length === 0;
}

runMain(main);
