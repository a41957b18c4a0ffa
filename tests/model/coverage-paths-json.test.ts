import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { definedEdges } from '../../src/qa/statecharts/edges';
import { faultItems, pendingReason } from '../../src/qa/statecharts/faults';
import { MODELS } from '../../src/qa/statecharts/models';
import type { WalkedByReport } from '../../src/qa/statecharts/walked-by';
import type { CoverageRecord } from './coverage';

/**
 * `npm run coverage:paths -- --json | jq .` must get the whole report (issue 25 point 7): printed with
 * console.log and then process.exit, it was cut where the pipe's buffer (64 KiB) was full. The script
 * is run as a pipe's writer, with `--records` (the same report and printing, from coverage records of
 * every machine laid out here, instead of a run of the tests: seconds rather than minutes), and what
 * comes through the pipe must parse whole.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'coverage-paths-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every edge of every machine walked by a few tests at each level (long names, as real ones are). */
function layOutRecords(): number {
  let edges = 0;
  for (const model of MODELS) {
    const ids = definedEdges(model.machine).map((edge) => edge.id);
    edges += ids.length;
    // The UI walks also report the fault items a fault walk must take (src/qa/statecharts/faults.ts).
    const faults = pendingReason(model.name) ? [] : faultItems(model);
    for (const level of ['machine', 'ui'] as const) {
      const taken = level === 'ui' ? [...ids, ...faults] : ids;
      const walkedBy = Object.fromEntries(
        taken.map((id, index) => [
          id,
          [1, 2, 3].map(
            (n) => `tests/${level}/${model.name}.test.ts > ${model.name} > path ${index}.${n} → ${id}`,
          ),
        ]),
      );
      const record: CoverageRecord = { level, machine: model.name, edges: taken, walkedBy };
      writeFileSync(path.join(dir, `${level}-${model.name}.json`), JSON.stringify(record));
    }
  }
  return edges;
}

/** Runs the script with stdout a pipe that this process reads (slowly: a chunk per tick). */
function runThroughPipe(args: string[]): Promise<{ status: number | null; stdout: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'scripts/coverage-paths.ts', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // A reader that does not keep up (jq parsing, a busy machine): the pipe fills.
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 5);
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(chunks) }));
  });
}

describe('coverage:paths --json through a pipe', () => {
  it('gives the whole report, however long', { timeout: 60_000 }, async () => {
    const edges = layOutRecords();
    const { status, stdout } = await runThroughPipe(['--json', '--records', dir]);
    console.log(`coverage:paths --json: ${stdout.length} bytes through the pipe`);
    // Longer than a pipe's buffer, or the test would prove nothing.
    expect(stdout.length).toBeGreaterThan(4 * 65_536);
    const report = JSON.parse(stdout.toString('utf8')) as WalkedByReport;
    expect(Object.keys(report.machines)).toEqual(MODELS.map((model) => model.name));
    const walked = Object.values(report.machines);
    expect(walked.reduce((sum, machine) => sum + Object.keys(machine.walkedBy).length, 0)).toBe(edges);
    expect(walked.every((machine) => machine.uiCovered === machine.edges)).toBe(true);
    expect(status).toBe(0);
  });
});
