import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import {
  type RequirementsReport,
  requirementsReport,
  unknownRequirements,
} from '../../src/qa/requirements/report';
import { REQUIREMENTS } from '../../src/qa/requirements/requirements';
import { traceEdges } from '../../src/qa/requirements/trace';
import { MODELS } from '../../src/qa/statecharts/models';
import { walksNarrowed } from './walk-filter';
import { readWalkedBy } from './walked-by';

/**
 * The requirements list is whole and the statecharts name only its ids: every behavioural requirement
 * of the spec's §2–§8 is carried by an edge some model path walks, or checked by a named test that
 * exists; every id a machine's meta names is in the list.
 */

const walked = readWalkedBy();
const report = requirementsReport(MODELS, (machine) => walked.machines[machine]);

describe('requirements list', () => {
  it('has unique ids of the form R-<SECTION>-<nn>, from §2–§8, each with a statement', () => {
    const ids = REQUIREMENTS.map((requirement) => requirement.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const requirement of REQUIREMENTS) {
      expect(requirement.id).toMatch(/^R-[A-Z]+-\d{2}$/);
      expect(requirement.section).toMatch(/^§[2-8]$/);
      expect(requirement.statement.length).toBeGreaterThan(10);
    }
  });

  it('names only tests that exist (the file holds the title)', () => {
    const missing = REQUIREMENTS.flatMap((requirement) =>
      (requirement.checkedBy ?? [])
        .filter((test) => !existsSync(test.file) || !readFileSync(test.file, 'utf8').includes(test.test))
        .map((test) => `${requirement.id}: ${test.file} › ${test.test}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('requirements traced', () => {
  it('every id in a machine’s meta is a known requirement', () => {
    expect(report.unknown).toEqual([]);
  });

  it('an unknown id in a state’s or a transition’s meta is reported', () => {
    const machine = setup({}).createMachine({
      id: 'toy',
      initial: 'a',
      states: {
        a: { on: { go: { target: 'b', meta: { requirements: ['R-FLOW-03', 'R-NOPE-01'] } } } },
        b: { meta: { requirements: ['R-NOPE-02'] } },
      },
    });
    expect(unknownRequirements([{ name: 'toy', machine }])).toEqual([
      { machine: 'toy', id: 'R-NOPE-01' },
      { machine: 'toy', id: 'R-NOPE-02' },
    ]);
    // The state's requirement is carried by the edge into it, with the transition's own.
    expect(traceEdges(machine).map((traced) => traced.requirements)).toEqual([
      ['R-FLOW-03', 'R-NOPE-01', 'R-NOPE-02'],
    ]);
  });

  it('every behavioural requirement is carried by a walked edge or checked by a named test', () => {
    const untraced = report.requirements
      .filter((requirement) => requirement.kind === 'behavioural' && !requirement.traced)
      .map((requirement) => requirement.id);
    expect(untraced).toEqual([]);
    expect(report.totals.behaviouralTraced).toBe(report.totals.behavioural);
  });

  it('every edge that carries a requirement is walked at machine and at UI level', () => {
    const unwalked = report.requirements.flatMap((requirement) =>
      requirement.edges
        .filter((edge) => edge.machineWalks.count === 0 || edge.uiWalks.count === 0)
        .map((edge) => `${requirement.id}: ${edge.machine} ${edge.edge}`),
    );
    expect(unwalked).toEqual([]);
  });

  // Skipped in a narrowed run (./walk-filter.ts): it spawns the script, which loads every machine.
  it.skipIf(walksNarrowed)(
    '`npm run requirements -- --json` gives the whole report through a pipe',
    async () => {
      const child = spawn('npx', ['tsx', 'scripts/requirements.ts', '--json'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const chunks: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      const text = Buffer.concat(chunks).toString('utf8');
      expect(code).toBe(0);
      const printed = JSON.parse(text) as RequirementsReport;
      expect(printed.totals).toEqual(report.totals);
      expect(printed.requirements.map((requirement) => requirement.id)).toEqual(
        REQUIREMENTS.map((requirement) => requirement.id),
      );
    },
    60_000,
  );
});
