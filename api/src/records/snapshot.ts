import { documentClient } from '../db/port';
import { sqliteDocuments } from '../db/port/sqlite';
import { ReadOnlyDatabase } from '../db/sqlite';
import type { AssessmentRepository } from './assessments';
import { sharedAssessments } from './assessments/record';
import { DECLARED_COLLECTIONS, EMBEDDED_RECORDS } from './registry';
import type { SubmissionRepository } from './submissions';
import { formSubmissions } from './submissions/record';

/**
 * The submissions and shared results of a DATA_DIR read straight from its database, for the
 * export CLI when no API runs (read-only, without the DATA_DIR lock).
 */
export class EmbeddedSnapshot {
  readonly description: string;
  readonly submissions: Pick<SubmissionRepository, 'stream'>;
  readonly assessments: Pick<AssessmentRepository, 'stream'>;
  private readonly client: ReadOnlyDatabase;

  constructor(dataDir: string) {
    this.client = new ReadOnlyDatabase(dataDir, EMBEDDED_RECORDS);
    this.description = this.client.description;
    const documents = documentClient(this.client, (db) => sqliteDocuments(db, DECLARED_COLLECTIONS));
    this.submissions = formSubmissions(documents);
    this.assessments = sharedAssessments(documents);
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
