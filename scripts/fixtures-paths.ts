/**
 * `npm run fixtures:paths`: rewrites tests/fixtures/paths/<machine>.json (every machine's generated paths)
 * and removes those of unregistered machines; commit them: their diff shows what changed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixtureText, machineFixture } from '../src/qa/statecharts/fixtures';
import { MODELS } from '../src/qa/statecharts/models';

const root = path.join(import.meta.dirname, '..');
const dir = path.join(root, 'tests', 'fixtures', 'paths');
const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

mkdirSync(dir, { recursive: true });
const names = new Set(MODELS.map((model) => `${model.name}.json`));
const before = new Map(readdirSync(dir).map((file) => [file, read(path.join(dir, file))]));
for (const file of before.keys()) {
  if (names.has(file) || !file.endsWith('.json')) continue;
  rmSync(path.join(dir, file));
  console.log(`removed ${file} (no such machine)`);
}
for (const model of MODELS)
  writeFileSync(path.join(dir, `${model.name}.json`), fixtureText(machineFixture(model)));
const format = spawnSync('npx', ['biome', 'format', '--write', dir], { cwd: root, stdio: 'inherit' });
if (format.status !== 0) process.exitCode = 1;
const changed = MODELS.filter((model) => {
  const file = `${model.name}.json`;
  return before.get(file) !== read(path.join(dir, file));
});
for (const model of changed) console.log(`wrote tests/fixtures/paths/${model.name}.json`);
console.log(`fixtures:paths: ${changed.length} of ${MODELS.length} machines changed`);
