/**
 * Team export from the command line, against the store the API would use (MONGODB_URI or
 * DATA_DIR): npm run export -w api -- --form download --since 2025-01-01 --format csv
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { createStore, type SubmissionStore } from '../src/store';
import { exportSubmissions, toCsv } from '../src/submissions/export';
import { ASSESSMENT_EXPORT_FORM, assessmentsCsv, exportAssessments } from '../src/assessment/export';

const USAGE = 'Usage: npm run export -w api -- [--form <kind>|assessment] [--since <ISO date>] [--format json|csv]';

async function main(): Promise<number> {
  let values: { form?: string; since?: string; format?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        form: { type: 'string' },
        since: { type: 'string' },
        format: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  const store = createStore(loadConfig());
  try {
    if (values.form === ASSESSMENT_EXPORT_FORM) return await exportSharedAssessments(store, values);
    const result = await exportSubmissions(store, values);
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.fields)) process.stderr.write(`--${field}: ${message}\n`);
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    process.stdout.write(result.format === 'csv' ? toCsv(result.submissions) : `${JSON.stringify(result.submissions, null, 2)}\n`);
    process.stderr.write(`${result.submissions.length} submission(s) from the ${store.description}\n`);
    return 0;
  } finally {
    await store.close();
  }
}

/** --form assessment: the shared self-assessment results. */
async function exportSharedAssessments(store: SubmissionStore, values: { since?: string; format?: string }): Promise<number> {
  const result = await exportAssessments(store, values);
  if (!result.ok) {
    for (const [field, message] of Object.entries(result.fields)) process.stderr.write(`--${field}: ${message}\n`);
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  process.stdout.write(result.format === 'csv' ? assessmentsCsv(result.assessments) : `${JSON.stringify(result.assessments, null, 2)}\n`);
  process.stderr.write(`${result.assessments.length} shared self-assessment(s) from the ${store.description}\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`Export failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
