/**
 * `npm run requirements`: each requirement of the spec's §2–§8 (src/qa/requirements/requirements.ts)
 * with the statechart edges whose meta carries it and the tests that walk them (the walked-by reports
 * `npm run coverage:paths` committed in src/qa/statecharts/walked-by/), and the tests that check it
 * beyond the statecharts. Reads the definitions and those reports only: no test is run.
 * `--json` prints the report as JSON. Fails when a behavioural requirement is untraced or a machine's
 * meta names an unknown id. The text goes out by `print` (scripts/cli.ts), so a pipe gets all of it.
 */
import { formatRequirementsReport, requirementsReport } from '../src/qa/requirements/report';
import { MODELS } from '../src/qa/statecharts/models';
import { readWalkedBy } from '../tests/model/walked-by';
import { print } from './cli';

async function main(): Promise<number> {
  const walked = readWalkedBy();
  const report = requirementsReport(MODELS, (machine) => walked.machines[machine]);
  await print(
    process.argv.includes('--json')
      ? JSON.stringify(report, null, 2)
      : formatRequirementsReport(report).join('\n'),
  );
  const complete = report.totals.behaviouralTraced === report.totals.behavioural;
  return complete && report.unknown.length === 0 ? 0 : 1;
}

process.exitCode = await main();
