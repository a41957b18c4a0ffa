// `npm run bench:web`: issue 8's SPA half. Builds the app as `npm start` does, serves it with the real
// server (production settings, temporary DATA_DIR, free port), loads each route cold in Chromium and
// prints the JavaScript it downloads (gzip and brotli transfer sizes, and the budget's measure: gzip -6 of
// those files; plus the build's closure for comparison), then runs Lighthouse's mobile audit on /login
// (median of BENCH_LH_RUNS, default 3). Exits 1 when a budget is not met: /login ≤ 160 kB of JavaScript
// at gzip -6, the scripts Chromium loads are the closure tests/budget counts, performance ≥ 97,
// accessibility ≥ 98.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
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
import { API, login, numberEnv, ROOT, runMain, serverEnv, startServer, tempDir } from './lib.ts';

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

interface LighthouseRun {
  performance: number;
  accessibility: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Each metric's points lost from the performance score (its weight × (1 − its score)), e.g. "TBT 1.5". */
  lost: string;
}

const WEIGHTED = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

/** Lighthouse now and then fails to record the trace (NO_NAVSTART, …): such a run is retried. */
async function lighthouseRun(url: string, attempts = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseAttempt(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stdout.write(
        `  lighthouse attempt ${attempt} failed (${(error as Error).message}), retrying\n`,
      );
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
    const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcp: value('largest-contentful-paint'),
      fcp: value('first-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      si: value('speed-index'),
      lost: WEIGHTED.map(([key, label]) => {
        const weight = categories.performance?.auditRefs.find((ref) => ref.id === key)?.weight ?? 0;
        return `${label} ${(weight * (1 - (audits[key]?.score ?? 0))).toFixed(1)}`;
      }).join(', '),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function main(): Promise<boolean> {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const outDir = path.join(ROOT, 'dist', 'web');
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    process.stdout.write('building (vite build) …\n');
    execFileSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build'], { cwd: ROOT, stdio: 'ignore' });
  }
  const manifest = readManifest(outDir);

  const { env, superuser } = serverEnv({ DATA_DIR: tempDir('bench-web-'), SERVE_STATECHARTS: 'true' });
  const server = await startServer('server', 'server/main.ts', env, `${API}/utils/health-check/`);
  const token = await login(server.base, superuser.email, superuser.password);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const rows: string[] = [];
  let loginGzip = Number.NaN;
  let loginFiles: string[] = [];
  let loginClosure: string[] = [];
  try {
    rows.push(
      '| route | scripts | gzip transfer | brotli transfer | loaded: gzip -6 | raw | closure: gzip -6 | brotli |',
    );
    rows.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const route of ROUTES) {
      const url = server.base + route.path;
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
        loginGzip = loaded.gzip;
        loginFiles = gzip.files;
        loginClosure = routeScriptFiles(outDir, manifest, route.files);
      }
      if (![...gzip.encodings].every((encoding) => encoding === 'gzip')) {
        process.stdout.write(
          `  note: ${route.path} scripts came back as ${[...gzip.encodings].join(', ')}\n`,
        );
      }
      rows.push(
        `| \`${route.path}\` | ${gzip.files.length} | ${kB(gzip.bytes)} | ${kB(br.bytes)} | ${kB(loaded.gzip)} | ${kB(loaded.raw)} | ${kB(fromManifest.gzip)} | ${kB(fromManifest.brotli)} |`,
      );
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(`\nJavaScript of a cold visit (1 kB = 1000 bytes):\n\n${rows.join('\n')}\n`);

  const runs: LighthouseRun[] = [];
  for (let i = 0; i < LH_RUNS; i++) {
    const run = await lighthouseRun(`${server.base}/login`);
    runs.push(run);
    process.stdout.write(
      `lighthouse run ${i + 1}/${LH_RUNS}: performance ${run.performance}, accessibility ${run.accessibility}, LCP ${(run.lcp / 1000).toFixed(2)} s, FCP ${(run.fcp / 1000).toFixed(2)} s, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}, SI ${(run.si / 1000).toFixed(2)} s (points lost: ${run.lost})\n`,
    );
  }
  const performance = median(runs.map((run) => run.performance));
  const accessibility = median(runs.map((run) => run.accessibility));
  const lcp = median(runs.map((run) => run.lcp));
  process.stdout.write(
    `\nLighthouse 12, mobile, /login, median of ${LH_RUNS}: performance ${performance}, accessibility ${accessibility}, LCP ${(lcp / 1000).toFixed(2)} s\n`,
  );

  const failures: string[] = [];
  if (!(loginGzip <= LOGIN_JS_BUDGET))
    failures.push(`/login loads ${kB(loginGzip)} of JavaScript at gzip -6 (budget ${kB(LOGIN_JS_BUDGET)})`);
  const loadedSet = loginFiles.map((file) => file.slice(1)).sort();
  if (JSON.stringify(loadedSet) !== JSON.stringify([...loginClosure].sort()))
    failures.push(
      `/login loads ${loadedSet.join(', ')}; tests/budget counts ${[...loginClosure].sort().join(', ')}`,
    );
  const foreign = loginFiles.filter((file) => /\/(admin|statecharts|_layout)-[\w-]+\.js$/.test(file));
  if (foreign.length)
    failures.push(`/login loads signed-in or admin/statechart chunks: ${foreign.join(', ')}`);
  if (performance < MIN_PERFORMANCE) failures.push(`performance ${performance} < ${MIN_PERFORMANCE}`);
  if (accessibility < MIN_ACCESSIBILITY)
    failures.push(`accessibility ${accessibility} < ${MIN_ACCESSIBILITY}`);
  process.stdout.write(
    `\n/login JavaScript: ${kB(loginGzip)} at gzip -6 (budget ${kB(LOGIN_JS_BUDGET)}, goal ${kB(LOGIN_JS_GOAL)})\n`,
  );
  for (const failure of failures) process.stdout.write(`BUDGET NOT MET: ${failure}\n`);
  if (!failures.length) process.stdout.write('all web budgets met\n');
  return failures.length === 0;
}

runMain(main);
