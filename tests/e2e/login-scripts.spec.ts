import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest, routeScriptFiles } from '../budget/closure.ts';
import { expect, test } from './fixtures.ts';

// tests/budget counts /login's JavaScript from the build (index.html and the manifest); this checks that
// a real cold visit loads exactly those scripts, so nothing the page fetches escapes the budget. The
// web server of this run serves dist/web (playwright.config.ts builds it).
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

test('a cold visit of /login loads exactly the scripts the budget counts', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname.slice(1));
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    const counted = routeScriptFiles(outDir, readManifest(outDir), ['src/routes/login.tsx']);
    expect([...new Set(loaded)].sort()).toEqual([...counted].sort());
  } finally {
    await context.close();
  }
});
