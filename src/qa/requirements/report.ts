import type { AnyStateMachine } from 'xstate';
import type { MachineWalkedBy, WalkedTests } from '../statecharts/walked-by';
import { REQUIREMENTS, type Requirement, requirementById } from './requirements';
import { namedRequirements, traceEdges } from './trace';

/**
 * The requirements report (`npm run requirements`, tests/model/requirements.test.ts): each requirement
 * of the committed list with the edges whose meta carries it and the tests that walk those edges (the
 * walked-by reports `coverage:paths` writes), plus the tests that check it beyond the statecharts.
 */

export interface TracedEdgeReport {
  machine: string;
  /** The edge's id in the walked-by report: `source --event [guards]--> target`. */
  edge: string;
  source: string;
  event: string;
  targets: string[] | null;
  /** Model paths (tests/model) that walk it. */
  machineWalks: WalkedTests;
  /** UI walks (tests/ui/walks) that walk it. */
  uiWalks: WalkedTests;
}

export interface RequirementTrace extends Requirement {
  edges: TracedEdgeReport[];
  /** A behavioural requirement is traced by an edge some walk takes, or by a test that checks it. */
  traced: boolean;
}

export interface RequirementsReport {
  generatedBy: string;
  totals: {
    requirements: number;
    behavioural: number;
    behaviouralTraced: number;
    nonBehavioural: number;
    nonBehaviouralChecked: number;
    /** Edges of all machines, and those that carry a requirement. */
    edges: number;
    tracedEdges: number;
  };
  requirements: RequirementTrace[];
  /** Ids a machine's meta names that the list does not have (must be empty). */
  unknown: { machine: string; id: string }[];
}

export interface TracedMachine {
  name: string;
  machine: AnyStateMachine;
}

const NOT_WALKED: WalkedTests = { count: 0, tests: [] };

/** Ids named in the machines' meta that the committed list lacks. */
export function unknownRequirements(machines: readonly TracedMachine[]): { machine: string; id: string }[] {
  return machines.flatMap(({ name, machine }) =>
    namedRequirements(machine)
      .filter((id) => !requirementById(id))
      .map((id) => ({ machine: name, id })),
  );
}

export function requirementsReport(
  machines: readonly TracedMachine[],
  walkedBy: (machine: string) => MachineWalkedBy | undefined,
): RequirementsReport {
  const byRequirement = new Map<string, TracedEdgeReport[]>();
  let edges = 0;
  let tracedEdges = 0;
  for (const { name, machine } of machines) {
    const report = walkedBy(name);
    for (const { edge, requirements } of traceEdges(machine)) {
      edges += 1;
      if (requirements.length) tracedEdges += 1;
      const walked = report?.walkedBy[edge.id];
      for (const id of requirements)
        byRequirement.set(id, [
          ...(byRequirement.get(id) ?? []),
          {
            machine: name,
            edge: edge.id,
            source: edge.source,
            event: edge.event,
            targets: edge.targets,
            machineWalks: walked?.machine ?? NOT_WALKED,
            uiWalks: walked?.ui ?? NOT_WALKED,
          },
        ]);
    }
  }
  const requirements: RequirementTrace[] = REQUIREMENTS.map((requirement: Requirement) => {
    const traced = byRequirement.get(requirement.id) ?? [];
    return {
      ...requirement,
      edges: traced,
      traced: traced.some((edge) => edge.machineWalks.count > 0) || requirement.checkedBy.length > 0,
    };
  });
  const behavioural = requirements.filter((requirement) => requirement.kind === 'behavioural');
  const nonBehavioural = requirements.filter((requirement) => requirement.kind === 'non-behavioural');
  return {
    generatedBy: 'npm run requirements',
    totals: {
      requirements: requirements.length,
      behavioural: behavioural.length,
      behaviouralTraced: behavioural.filter((requirement) => requirement.traced).length,
      nonBehavioural: nonBehavioural.length,
      nonBehaviouralChecked: nonBehavioural.filter((requirement) => requirement.checkedBy.length > 0).length,
      edges,
      tracedEdges,
    },
    requirements,
    unknown: unknownRequirements(machines),
  };
}

/** The UI walk files among an edge list's walks (`tests/ui/walks/x.test.tsx > …` → that file). */
function walkFiles(edges: readonly TracedEdgeReport[]): string[] {
  return [
    ...new Set(edges.flatMap((edge) => edge.uiWalks.tests.map((name) => name.split(' > ')[0] ?? name))),
  ].sort();
}

/** The report as text: the totals, then each requirement with its edges and tests. */
export function formatRequirementsReport(report: RequirementsReport): string[] {
  const { totals } = report;
  const percent = (part: number, whole: number) => (whole ? Math.floor((part / whole) * 1000) / 10 : 100);
  const lines = [
    `Requirements of the spec's §2–§8 (src/qa/requirements/requirements.ts): ${totals.requirements}`,
    `  behavioural ${totals.behaviouralTraced}/${totals.behavioural} traced (${percent(totals.behaviouralTraced, totals.behavioural)} %)`,
    `  non-behavioural ${totals.nonBehavioural}, ${totals.nonBehaviouralChecked} with a test that checks them`,
    `  edges carrying a requirement: ${totals.tracedEdges}/${totals.edges}`,
  ];
  for (const requirement of report.requirements) {
    const mark = requirement.kind === 'non-behavioural' ? '·' : requirement.traced ? '✓' : '✗';
    lines.push(
      '',
      `${mark} ${requirement.id} ${requirement.section} (${requirement.kind}) ${requirement.statement}`,
    );
    const machines = [...new Set(requirement.edges.map((edge) => edge.machine))];
    for (const machine of machines) {
      const own = requirement.edges.filter((edge) => edge.machine === machine);
      const paths = own.reduce((sum, edge) => sum + edge.machineWalks.count, 0);
      const ui = own.reduce((sum, edge) => sum + edge.uiWalks.count, 0);
      lines.push(
        `    ${machine}: ${own.length} edge${own.length === 1 ? '' : 's'} (${paths} model paths, ${ui} UI walks)`,
      );
      for (const edge of own) lines.push(`      ${edge.edge}`);
    }
    const files = walkFiles(requirement.edges);
    if (requirement.edges.length)
      lines.push(`    walked by tests/model/machines.test.ts${files.length ? `, ${files.join(', ')}` : ''}`);
    for (const test of requirement.checkedBy) lines.push(`    checked by ${test.file} › ${test.test}`);
    if (!requirement.edges.length && !requirement.checkedBy.length) lines.push('    (no test)');
  }
  if (report.unknown.length)
    lines.push(
      '',
      'Unknown ids in the machines’ meta:',
      ...report.unknown.map(({ machine, id }) => `  ${machine}: ${id}`),
    );
  return lines;
}
