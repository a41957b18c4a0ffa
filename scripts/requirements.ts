/**
 * `npm run requirements [--json]`: each spec requirement with the edges that carry it and the tests that
 * walk or check it (no test is run); fails on an untraced behavioural requirement or an unknown id.
 */
import { formatRequirementsReport, requirementsReport } from '../src/qa/requirements/report';
import { MODELS } from '../src/qa/statecharts/models';
import { readWalkedBy } from '../tests/model/walked-by';
import { flag, print } from './cli';

async function main(): Promise<number> {
  const walked = readWalkedBy();
  const report = requirementsReport(MODELS, (machine) => walked.machines[machine]);
  await print(flag('--json') ? JSON.stringify(report, null, 2) : formatRequirementsReport(report).join('\n'));
  const complete = report.totals.behaviouralTraced === report.totals.behavioural;
  return complete && report.unknown.length === 0 ? 0 : 1;
}

process.exitCode = await main();
