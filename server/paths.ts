import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** True when running the compiled server (dist/server/*.js), false when running the sources through tsx. */
export const compiled = path.basename(path.dirname(here)) === 'dist';

/** The project's folder: the one holding package.json and dist/. */
export const projectRoot = compiled ? path.resolve(here, '..', '..') : path.resolve(here, '..');

/** The built SPA (vite build's outDir). */
export const webRoot = path.join(projectRoot, 'dist', 'web');

/** The API contract; the build copies it beside the compiled server, so dist/ needs nothing else. */
export const openapiPath = compiled
  ? path.join(here, 'openapi.json')
  : path.join(projectRoot, 'openapi', 'openapi.json');
