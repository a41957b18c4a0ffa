import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { documentText } from '../openapi/src/document.ts';

/** `npm run generate:contract`: writes openapi/openapi.json from openapi/src (committed: the server reads it). */
const target = path.join(import.meta.dirname, '..', 'openapi', 'openapi.json');
writeFileSync(target, documentText());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
