/**
 * Every record the store keeps: its name (the store's field), its collections with their
 * indexes, and the factory that makes its repository. The store (store.ts) is a loop over this
 * list. A record on the storage port (db/port) declares `collections` and is written once; a
 * record not yet moved onto it still names its two backends (`legacy`), see records/README.md.
 */
import type { Database } from 'better-sqlite3';
import type { Db } from 'mongodb';
import type { DatabaseClient } from '../db/client';
import type { MongoIndex } from '../db/mongo';
import type { CollectionSpec, DocumentClient } from '../db/port';
import { mongoIndexes } from '../db/port/mongo';
import { documentCollectionsRecord } from '../db/port/sqlite';
import { eraseTraces, type EmbeddedRecord } from '../db/sqlite';
import type { ContentEntryRepository } from './content-entries';
import { CONTENT_ENTRIES, contentEntries } from './content-entries/record';
import type { ContentImageRepository } from './content-images';
import { CONTENT_IMAGES, contentImages } from './content-images/record';
import type { ContentPreviewRepository } from './content-previews';
import { CONTENT_PREVIEWS, contentPreviews } from './content-previews/record';
import type { ContentRevisionRepository } from './content-revisions';
import { CONTENT_AREAS, contentRevisions } from './content-revisions/record';
import type { ImpactRepository } from './impact';
import { IMPACT_COLLECTIONS, impactCounts } from './impact/record';
import type { AssessmentRepository } from './assessments';
import { ASSESSMENTS, sharedAssessments } from './assessments/record';
import type { FileRepository } from './files';
import { embeddedFiles, filesRecord } from './files/embedded';
import { mongoFiles } from './files/mongo';
import type { OutboxRepository } from './outbox';
import { NOTIFICATION_CLAIMS, submissionNotifications } from './outbox/record';
import type { RateCountRepository } from './rate-counts';
import { embeddedRateCounts } from './rate-counts/embedded';
import { mongoRateCounts, RATE_COUNT_INDEXES } from './rate-counts/mongo';
import type { SubmissionRepository } from './submissions';
import { formSubmissions, SUBMISSIONS } from './submissions/record';
import type { AuditRepository } from './audit';
import { TEAM_AUDIT, teamAudit } from './audit/record';
import type { MemberRepository } from './members';
import { TEAM_MEMBERS, teamMembers } from './members/record';
import type { ReviewRepository } from './reviews';
import { REVIEW_CHANGES, REVIEWS, teamReviews } from './reviews/record';
import type { SessionRepository } from './sessions';
import { TEAM_SESSIONS, TEAM_TOKENS, teamSessions } from './sessions/record';
import type { ConfirmationRepository } from './confirmations';
import { UPDATE_CONFIRMATION_CLAIMS, UPDATE_CONFIRMATIONS, updateConfirmations } from './confirmations/record';
import type { DeliveryRepository } from './deliveries';
import { UPDATE_DELIVERIES, UPDATE_DELIVERY_CLAIMS, updateDeliveries } from './deliveries/record';
import type { SubscriptionRepository } from './subscriptions';
import { UPDATE_SUBSCRIBERS, updateSubscribers } from './subscriptions/record';
import type { SuppressionRepository } from './suppressions';
import { UPDATE_SUPPRESSIONS, updateSuppressions } from './suppressions/record';
import { UPDATE_TALLIES } from './tallies';
import type { UpdateRepository } from './updates';
import { teamUpdates, UPDATES } from './updates/record';

/** Every record, one repository each: the store's fields. */
export interface Repositories {
  readonly submissions: SubmissionRepository;
  readonly files: FileRepository;
  readonly assessments: AssessmentRepository;
  readonly rateCounts: RateCountRepository;
  /** The team notifications queued with submissions. */
  readonly outbox: OutboxRepository;
  readonly reviews: ReviewRepository;
  readonly sessions: SessionRepository;
  /** Who besides the admins (TEAM_EMAILS) may use the console, and for what. */
  readonly members: MemberRepository;
  readonly audit: AuditRepository;
  /** Updates: who asked for which list (with consent records), confirmation links, the suppression list. */
  readonly subscriptions: SubscriptionRepository;
  readonly confirmations: ConfirmationRepository;
  readonly suppressions: SuppressionRepository;
  /** The updates the team writes, and one delivery record per recipient. */
  readonly updates: UpdateRepository;
  readonly deliveries: DeliveryRepository;
  /** The areas' content: entries with their drafts, history and schedule (issue 28). */
  readonly contentEntries: ContentEntryRepository;
  readonly contentRevisions: ContentRevisionRepository;
  readonly contentImages: ContentImageRepository;
  readonly contentPreviews: ContentPreviewRepository;
  /** The Impact counters (issue 40): aggregates per day, and the day's visitor hashes and salt. */
  readonly impact: ImpactRepository;
}

/** One backend's clients, for the records not yet on the port. */
interface BackendClients<Handle> {
  /** Every call bounded once the store is (store.bound()). */
  readonly client: DatabaseClient<Handle>;
  /** The mail queues' calls: the worker bounds them itself. */
  readonly mailClient: DatabaseClient<Handle>;
}
export interface MongoBackend extends BackendClients<Db> {
  readonly kind: 'mongodb';
}
export interface EmbeddedBackend extends BackendClients<Database> {
  readonly kind: 'embedded';
  readonly dataDir: string;
}

export interface RecordContext {
  readonly documents: DocumentClient;
  readonly mailDocuments: DocumentClient;
  readonly backend: MongoBackend | EmbeddedBackend;
}

export interface RecordEntry<Name extends keyof Repositories = keyof Repositories> {
  readonly name: Name;
  /** On the port: its collections and indexes, on both backends. */
  readonly collections?: readonly CollectionSpec[];
  /** Not yet on the port: its tables, and its MongoDB indexes. */
  readonly legacy?: { readonly embedded?: EmbeddedRecord; readonly mongoIndexes?: readonly MongoIndex[] };
  create(context: RecordContext): Repositories[Name];
}

/** A record still written per backend (its own embedded.ts and mongo.ts). */
function perBackend<Name extends keyof Repositories>(
  name: Name,
  parts: {
    readonly embedded?: EmbeddedRecord;
    readonly mongoIndexes?: readonly MongoIndex[];
    readonly mongo: (backend: MongoBackend) => Repositories[Name];
    readonly sqlite: (backend: EmbeddedBackend) => Repositories[Name];
  },
): RecordEntry<Name> {
  return {
    name,
    legacy: { embedded: parts.embedded, mongoIndexes: parts.mongoIndexes },
    create: ({ backend }) => (backend.kind === 'mongodb' ? parts.mongo(backend) : parts.sqlite(backend)),
  };
}

/**
 * The submissions: on the embedded store an erasure also clears the write-ahead log and the
 * imported NeDB files (db/sqlite.ts, eraseTraces).
 */
const submissionsOf = ({ documents, backend }: RecordContext): SubmissionRepository =>
  formSubmissions(
    documents,
    backend.kind === 'embedded' ? () => eraseTraces(backend.client, backend.dataDir) : undefined,
  );

/** In the order their embedded tables depend on each other (a legacy table's rows refer to the submissions'). */
export const RECORDS: readonly RecordEntry[] = [
  { name: 'submissions', collections: [SUBMISSIONS], create: submissionsOf },
  {
    name: 'outbox',
    // The team notifications are a field of the submissions' documents; claimed on the mail client.
    collections: [NOTIFICATION_CLAIMS],
    create: ({ mailDocuments }) => submissionNotifications(mailDocuments),
  },
  perBackend('files', {
    embedded: filesRecord,
    mongo: ({ client }) => mongoFiles(client),
    sqlite: ({ client, dataDir }) => embeddedFiles(client, dataDir),
  }),
  { name: 'assessments', collections: [ASSESSMENTS], create: ({ documents }) => sharedAssessments(documents) },
  perBackend('rateCounts', {
    mongoIndexes: RATE_COUNT_INDEXES,
    mongo: ({ client }) => mongoRateCounts(client),
    sqlite: () => embeddedRateCounts(),
  }),
  {
    name: 'reviews',
    collections: [REVIEWS, REVIEW_CHANGES],
    // Joined with the submissions through their record's interface (its inbox query).
    create: (context) => teamReviews(context.documents, submissionsOf(context)),
  },
  { name: 'sessions', collections: [TEAM_TOKENS, TEAM_SESSIONS], create: ({ documents }) => teamSessions(documents) },
  { name: 'members', collections: [TEAM_MEMBERS], create: ({ documents }) => teamMembers(documents) },
  { name: 'audit', collections: [TEAM_AUDIT], create: ({ documents }) => teamAudit(documents) },
  {
    name: 'subscriptions',
    collections: [UPDATE_SUBSCRIBERS, UPDATE_TALLIES],
    create: ({ documents }) => updateSubscribers(documents),
  },
  {
    name: 'confirmations',
    collections: [UPDATE_CONFIRMATIONS, UPDATE_CONFIRMATION_CLAIMS],
    create: ({ documents, mailDocuments }) => updateConfirmations(documents, mailDocuments),
  },
  {
    name: 'suppressions',
    collections: [UPDATE_SUPPRESSIONS, UPDATE_TALLIES],
    create: ({ documents }) => updateSuppressions(documents),
  },
  { name: 'updates', collections: [UPDATES], create: ({ documents }) => teamUpdates(documents) },
  {
    name: 'deliveries',
    collections: [UPDATE_DELIVERIES, UPDATE_DELIVERY_CLAIMS],
    // The join with the updates goes through their record's interface, read on the queue's client
    // (this instance only reads: an update's changes are made through the store's own).
    create: ({ documents, mailDocuments }) => updateDeliveries(documents, mailDocuments, teamUpdates(mailDocuments)),
  },
  { name: 'contentEntries', collections: [CONTENT_ENTRIES], create: ({ documents }) => contentEntries(documents) },
  { name: 'contentRevisions', collections: [CONTENT_AREAS], create: ({ documents }) => contentRevisions(documents) },
  { name: 'contentImages', collections: [CONTENT_IMAGES], create: ({ documents }) => contentImages(documents) },
  { name: 'contentPreviews', collections: [CONTENT_PREVIEWS], create: ({ documents }) => contentPreviews(documents) },
  {
    name: 'impact',
    collections: IMPACT_COLLECTIONS,
    create: ({ documents }) => impactCounts(documents),
  },
];

/** Every collection the records on the port declare. */
export const DECLARED_COLLECTIONS: readonly CollectionSpec[] = RECORDS.flatMap((record) => record.collections ?? []);

/** The embedded database's parts: the records not yet on the port, then the port's collections. */
export const EMBEDDED_RECORDS: readonly EmbeddedRecord[] = [
  ...RECORDS.flatMap((record) => record.legacy?.embedded ?? []),
  documentCollectionsRecord(DECLARED_COLLECTIONS),
];

/** The MongoDB indexes, created when missing on connecting: the records not yet on the port's, then the port's. */
export const MONGO_INDEXES: readonly MongoIndex[] = [
  ...RECORDS.flatMap((record) => record.legacy?.mongoIndexes ?? []),
  ...mongoIndexes(DECLARED_COLLECTIONS),
];
