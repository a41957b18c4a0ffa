// `npm run recording:regression -- <recording.json> [--actor <actor>] [--write]`: a Live view recording as
// property regressions; --write appends them to tests/property/regressions.json.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseRecording } from '../src/qa/statecharts/live-recording';
import { modelByName } from '../src/qa/statecharts/models';
import { recordingRegression } from '../src/qa/statecharts/recording-regression';
import { flag, option, print } from './cli';

const REGRESSIONS = 'tests/property/regressions.json';
const file = process.argv[2];
if (!file || file.startsWith('--')) {
  console.error('usage: npm run recording:regression -- <recording.json> [--actor <actor>] [--write]');
  process.exit(2);
}
const recording = parseRecording(readFileSync(file, 'utf8'));
if (typeof recording === 'string') {
  console.error(recording);
  process.exit(1);
}
const wanted = option('--actor');
const actors = [...new Map(recording.events.map((event) => [event.actor, event.machine]))].filter(
  ([actor]) => !wanted || actor === wanted,
);
if (actors.length === 0) console.error(wanted ? `no actor ${wanted} in ${file}` : `${file} holds no events`);

const made = [];
for (const [actor, machine] of actors) {
  const model = modelByName(machine);
  const converted = model
    ? recordingRegression(recording, actor, model)
    : { error: `no model of ${machine}` };
  if ('error' in converted) console.error(`${actor}: ${converted.error}`);
  else {
    made.push(converted.regression);
    await print(JSON.stringify(converted.regression));
  }
}
if (flag('--write') && made.length > 0) {
  const kept = JSON.parse(readFileSync(REGRESSIONS, 'utf8')) as unknown[];
  writeFileSync(REGRESSIONS, `${JSON.stringify([...kept, ...made], null, 2)}\n`);
  spawnSync('npx', ['biome', 'format', '--write', REGRESSIONS], { stdio: 'ignore' });
  console.error(`${made.length} regression(s) appended to ${REGRESSIONS}`);
}
process.exitCode = made.length === actors.length && actors.length > 0 ? 0 : 1;
