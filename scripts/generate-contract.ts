import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { documentText } from '../openapi/src/document.ts';

/**
 * `npm run generate:contract`: writes openapi/openapi.json from the contract's sources (openapi/src).
 * The JSON stays committed: the server reads it at run time (a production install has no openapi/src)
 * and openapi-typescript makes openapi/schema.d.ts of it (`npm run generate:api`, which runs this first).
 */
const target = path.join(import.meta.dirname, '..', 'openapi', 'openapi.json');
writeFileSync(target, documentText());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
