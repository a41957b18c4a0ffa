// `npm run audit`: `npm audit --omit=dev`, exit 1 on a high or critical runtime advisory. A registry that
// refuses the audit (405 here) is said loudly, and fails only with AUDIT_REQUIRED=1.
import { spawnSync } from 'node:child_process';

interface AuditReport {
  statusCode?: number;
  message?: string;
  error?: unknown;
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; via: unknown[]; range?: string }>;
}

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report: AuditReport;
try {
  report = JSON.parse(run.stdout) as AuditReport;
} catch {
  console.error(`npm audit: no report (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}

if (!report.metadata) {
  const why = report.message ?? JSON.stringify(report.error);
  const message = `npm audit: the registry's audit endpoint did not answer (${why}): dependencies NOT audited`;
  if (process.env.AUDIT_REQUIRED === '1') {
    console.error(`${message}; failing because AUDIT_REQUIRED=1`);
    process.exit(1);
  }
  console.warn(`WARNING ${message}`);
  process.exit(0);
}

const counts = report.metadata.vulnerabilities ?? {};
const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) =>
  ['high', 'critical'].includes(v.severity),
);
console.log(
  `npm audit --omit=dev: ${['critical', 'high', 'moderate', 'low'].map((s) => `${counts[s] ?? 0} ${s}`).join(', ')}`,
);
for (const [name, v] of serious) console.error(`  ${v.severity}: ${name} ${v.range ?? ''}`);
process.exit(serious.length ? 1 : 0);
