/**
 * Team export from the command line, to stdout:
 *   npm run export -w api -- --form download --since 2025-01-01 --format csv [--limit N] [--after ID]
 *
 * Where the rows come from, so that exporting never costs a submission:
 * - MONGODB_URI set: read from MongoDB directly (readers and the API's writes do not interfere);
 * - an API holds DATA_DIR (its lock file names a running process): through that API, over HTTP
 *   with ADMIN_TOKEN (or --api <url> to name it);
 * - otherwise: the embedded store's database opened read-only (SQLite's write-ahead log lets an
 *   API that starts meanwhile write as usual).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig, type ApiConfig } from '../src/config';
import { ASSESSMENT_EXPORT_FORM, assessmentTable, parseAssessmentExportParams } from '../src/assessment/export';
import {
  EmbeddedSnapshot,
  MongoStore,
  readDataDirLock,
  UnknownCursorError,
  type AssessmentStreamQuery,
  type StoredAssessment,
  type StoredSubmission,
  type SubmissionStreamQuery,
} from '../src/store';
import {
  exportStages,
  parseExportParams,
  startRows,
  submissionTable,
  type ExportFormat,
  type TableShape,
} from '../src/submissions/export';

const USAGE =
  'Usage: npm run export -w api -- [--form <kind>|assessment] [--since <ISO date>] [--format json|csv] [--limit <rows>] ' +
  '[--after <id of the last row of a previous export>] [--api <url of a running API>]';

type Values = {
  form?: string;
  since?: string;
  format?: string;
  limit?: string;
  after?: string;
  api?: string;
  help?: boolean;
};

class ExportError extends Error {}

/** Streams the export from a running API, which holds the store. */
async function throughApi(base: string, config: ApiConfig, values: Values): Promise<string> {
  if (!config.adminToken) {
    throw new ExportError(
      `The export reads through the running API at ${base}, which needs the team's token: ` +
        (config.adminTokenError ?? "set ADMIN_TOKEN to the API's ADMIN_TOKEN."),
    );
  }
  const url = new URL('/api/admin/submissions', base);
  for (const name of ['form', 'since', 'format', 'limit', 'after'] as const) {
    const value = values[name];
    if (value !== undefined) url.searchParams.set(name, value);
  }
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${config.adminToken}` } });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new ExportError(`Cannot reach the API at ${base}: ${cause ?? String(error)}`);
  }
  if (response.status !== 200 || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
    const detail = body.fields
      ? Object.entries(body.fields)
          .map(([field, message]) => ` --${field}: ${message}`)
          .join('')
      : '';
    throw new ExportError(`The API answered ${response.status}: ${body.error ?? response.statusText}${detail}`);
  }
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), process.stdout);
  return `exported through the API at ${base}`;
}

/** A store this process reads itself: MongoDB, or the files of an idle DATA_DIR. */
interface ExportSource {
  readonly description: string;
  readonly submissions: { stream(query: SubmissionStreamQuery): AsyncIterable<StoredSubmission> };
  readonly assessments: { stream(query: AssessmentStreamQuery): AsyncIterable<StoredAssessment> };
  close(): Promise<void>;
}

/** One export read from a source: which rows, written how, counted as what. */
type LocalExport = (source: ExportSource) => Promise<string>;

function localExport<T>(
  rowsOf: (source: ExportSource) => AsyncIterable<T>,
  format: ExportFormat,
  table: TableShape<T>,
  noun: string,
): LocalExport {
  return async (source) => {
    try {
      let count = 0;
      const counted = async function* (rows: AsyncIterable<T>) {
        for await (const row of rows) {
          count += 1;
          yield row;
        }
      };
      let rows;
      try {
        rows = await startRows(counted(rowsOf(source)));
      } catch (error) {
        if (error instanceof UnknownCursorError) throw new ExportError(`--after: ${error.message}`);
        throw error;
      }
      await pipeline([...exportStages(rows, format, table), process.stdout]);
      return `${count} ${noun} from the ${source.description}`;
    } finally {
      await source.close();
    }
  };
}

/** The export the options ask for (--form assessment: the shared self-assessments), or what is wrong with them. */
function planExport(values: Values): { ok: true; run: LocalExport } | { ok: false; fields: Record<string, string> } {
  if (values.form === ASSESSMENT_EXPORT_FORM) {
    const request = parseAssessmentExportParams(values);
    if (!request.ok) return request;
    const rowsOf = (source: ExportSource) => source.assessments.stream(request.query);
    return { ok: true, run: localExport(rowsOf, request.format, assessmentTable, 'shared self-assessment(s)') };
  }
  const request = parseExportParams(values);
  if (!request.ok) return request;
  const rowsOf = (source: ExportSource) => source.submissions.stream(request.query);
  return { ok: true, run: localExport(rowsOf, request.format, submissionTable(request.query.form), 'submission(s)') };
}

async function main(): Promise<number> {
  let values: Values;
  try {
    ({ values } = parseArgs({
      options: {
        form: { type: 'string' },
        since: { type: 'string' },
        format: { type: 'string' },
        limit: { type: 'string' },
        after: { type: 'string' },
        api: { type: 'string' },
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
  const plan = planExport(values);
  if (!plan.ok) {
    for (const [field, message] of Object.entries(plan.fields)) process.stderr.write(`--${field}: ${message}\n`);
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }

  const config = loadConfig();
  let summary: string;
  try {
    if (values.api) {
      summary = await throughApi(values.api, config, values);
    } else if (config.mongodbUri) {
      const store = new MongoStore({
        uri: config.mongodbUri,
        dbName: config.mongodbDb,
        serverSelectionTimeoutMS: 5000,
      });
      summary = await plan.run(store);
    } else {
      const lock = await readDataDirLock(config.dataDir);
      if (lock && lock.state === 'alive') {
        summary = await throughApi(`http://127.0.0.1:${lock.holder.port ?? config.port}`, config, values);
      } else if (lock && lock.state === 'unknown') {
        throw new ExportError(
          `DATA_DIR ${config.dataDir} is held by pid ${lock.holder.pid} on ${lock.holder.hostname}: export through that API with --api <its url>.`,
        );
      } else {
        summary = await plan.run(new EmbeddedSnapshot(config.dataDir));
      }
    }
  } catch (error) {
    if (!(error instanceof ExportError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  process.stderr.write(`${summary}\n`);
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
