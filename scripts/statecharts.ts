/** `npm run statecharts`: writes each machine as a Mermaid stateDiagram-v2 to docs/statecharts/<machine>.md. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { machineMarkdown } from '../src/qa/statecharts/mermaid';
import { MODELS } from '../src/qa/statecharts/models';
import { readWalkedBy } from '../tests/model/walked-by';

const dir = path.resolve('docs/statecharts');
mkdirSync(dir, { recursive: true });
const wanted = new Set(MODELS.map((model) => `${model.name}.md`));
for (const file of readdirSync(dir))
  if (file.endsWith('.md') && !wanted.has(file)) rmSync(path.join(dir, file));
const walked = readWalkedBy();
for (const model of MODELS)
  writeFileSync(path.join(dir, `${model.name}.md`), machineMarkdown(model, walked.machines[model.name]));
console.log(`wrote ${MODELS.length} statecharts to ${path.relative(process.cwd(), dir)}/`);
