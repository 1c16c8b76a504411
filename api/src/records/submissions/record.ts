import { ENDPOINT_KINDS, type Submission } from '@wpc/shared/schemas';
import { DuplicateSubmissionError, StoreUnavailableError } from '../../db/errors';
import type { CollectionSpec, Doc, DocumentClient, Documents, Filter } from '../../db/port';
import type { MailState } from '../../mail/queue';
import { legacyMailState } from '../../mail/queue/record';
import { exportOrder } from '../export-order';
import type { StoredFile } from '../files';
import { insertKeyed, type KeyFields } from '../keyed-insert';
import type {
  IdempotencyTag,
  InboxCursor,
  InboxSubmissionFilter,
  InsertOptions,
  StoredSubmission,
  SubmissionOfPerson,
  SubmissionRepository,
  SubmissionStreamQuery,
} from '.';
import { emptyCounts, SEARCH_FIELDS, searchWords } from './inbox';

/** A stored submission: its team notification (the outbox's entry, ../outbox) is a field of it. */
export type SubmissionDoc = Doc & Omit<StoredSubmission, 'id'> & KeyFields & { readonly notification?: MailState };

/** Stored fields no reader of a submission sees. */
const HIDDEN = ['idempotencyKey', 'requestFingerprint', 'notification'];

/** The files' metadata as the embedded store kept it before the port: uploadedAt in milliseconds. */
const legacyFiles = (json: unknown): StoredFile[] =>
  (JSON.parse(json as string) as (Omit<StoredFile, 'uploadedAt'> & { uploadedAt: number })[]).map((file) => ({
    ...file,
    uploadedAt: new Date(file.uploadedAt),
  }));

/**
 * One document per submission, with its notification inside, so both are one insert: atomic on
 * every backend with no multi-document transaction (FerretDB 1.x has none). On MongoDB the _id
 * stays an ObjectId and the index names are those created before the port. Before the port the
 * embedded store kept a row of columns here and the notification in its own table (`outbox`);
 * the NeDB versions kept the documents as they are in `submissions.db`.
 */
export const SUBMISSIONS: CollectionSpec = {
  name: 'submissions',
  objectIds: true,
  indexes: [
    // The export and the inbox filter by form and date, or read everything in (receivedAt, _id) order.
    { name: 'form_receivedAt', key: { form: 1, receivedAt: 1 } },
    { name: 'receivedAt_id', key: { receivedAt: 1, _id: 1 } },
    // Sparse: submissions without a key (older clients, scripts) do not collide with each other.
    { name: 'idempotencyKey_unique', key: { idempotencyKey: 1 }, unique: true, sparse: true },
    // The outbox's sweep for due entries, and its pending ones by age for /api/health.
    { name: 'notification_dueAt', key: { 'notification.dueAt': 1 }, sparse: true },
    { name: 'notification_status_receivedAt', key: { 'notification.status': 1, receivedAt: 1 } },
  ],
  legacy: (row) => ({
    _id: row.id as string,
    form: row.form as StoredSubmission['form'],
    variant: row.variant as StoredSubmission['variant'],
    fields: JSON.parse(row.fields as string) as Submission,
    files: legacyFiles(row.files),
    page: row.page as string | null,
    receivedAt: new Date(row.received_at as number),
    ...(row.idempotency_key != null && {
      idempotencyKey: row.idempotency_key as string,
      requestFingerprint: row.request_fingerprint as string,
    }),
    ...(row.status != null && { notification: legacyMailState(row) }),
  }),
  legacyJoin: {
    select: (table) =>
      `SELECT s.*, o.status, o.attempts, o.message_id, o.due_at, o.lease, o.last_error, o.sent_at, o.failed_at ` +
      `FROM ${table} s LEFT JOIN outbox o ON o.submission_id = s.id`,
    tables: ['outbox'],
  },
  nedbFile: 'submissions.db',
};

export const submissionsIn = (documents: Documents) => documents.collection<SubmissionDoc>(SUBMISSIONS.name);

/** A stored document as a plain submission. */
export function submissionOf({
  _id,
  idempotencyKey: _key,
  requestFingerprint: _fingerprint,
  notification: _notification,
  ...rest
}: SubmissionDoc): StoredSubmission {
  return { id: _id, ...rest };
}

const NEWEST_FIRST = { receivedAt: -1, _id: -1 } as const;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const personOf = (doc: SubmissionDoc): SubmissionOfPerson => ({
  id: doc._id,
  fileIds: doc.files.map((file) => file.id),
});

/**
 * The inbox's filter (the reviews' status comes as ids): its form, dates and ids as plain fields, so
 * the embedded store answers them in SQL; the search words beside them. `ignoreForm` for the
 * counts per kind.
 */
function inboxFilter(filter: InboxSubmissionFilter, ignoreForm = false): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const and: Filter[] = [];
  if (filter.form && !ignoreForm) fields.form = filter.form;
  if (filter.from || filter.to)
    fields.receivedAt = { ...(filter.from && { $gte: filter.from }), ...(filter.to && { $lt: filter.to }) };
  for (const word of searchWords(filter.search)) {
    const pattern = { $regex: escapeRegex(word), $options: 'i' };
    and.push({ $or: SEARCH_FIELDS.map((name) => ({ [`fields.${name}`]: pattern })) });
  }
  // One id as an equality: the lookup FerretDB 1.x answers from the _id index.
  if (filter.only?.length === 1 && !filter.except) fields._id = filter.only[0];
  else if (filter.only || filter.except)
    fields._id = { ...(filter.only && { $in: filter.only }), ...(filter.except && { $nin: filter.except }) };
  return and.length > 0 ? { ...fields, $and: and } : fields;
}

/** A condition as an object of operators (a plain value as `$in` of it), to add one more to. */
const operators = (condition: unknown): Record<string, unknown> =>
  condition === undefined ? {} : typeof condition === 'object' ? { ...condition } : { $in: [condition] };

/**
 * At most `limit` rows newest first after `cursor`: the rows sharing its instant with a smaller id,
 * then the older ones; two queries, each on the filter's own fields (SQL alone on the embedded
 * store), where one condition on either would be evaluated row by row over the whole inbox.
 */
async function inboxBatch(
  documents: Documents,
  filter: InboxSubmissionFilter,
  cursor: InboxCursor | undefined,
  limit: number,
) {
  const of = submissionsIn(documents);
  const base = inboxFilter(filter);
  const options = { sort: NEWEST_FIRST, limit, without: HIDDEN };
  if (!cursor) return of.find(base, options);
  const { receivedAt, id } = cursor;
  const ties = await of.find({ ...base, receivedAt, _id: { ...operators(base._id), $lt: id } }, options);
  if (ties.length === limit) return ties;
  const older = { ...base, receivedAt: { ...operators(base.receivedAt), $lt: receivedAt } };
  return [...ties, ...(await of.find(older, { ...options, limit: limit - ties.length }))];
}

/** The counts per kind, and the total of the kind filtered on, from the matching documents. */
function countsOf(docs: readonly SubmissionDoc[], form: InboxSubmissionFilter['form']) {
  const counts = emptyCounts();
  for (const doc of docs) if (doc.form in counts) counts[doc.form] += 1;
  return { counts, total: form ? counts[form] : docs.length };
}

async function inboxPage(documents: Documents, filter: InboxSubmissionFilter, offset: number, limit: number) {
  const of = submissionsIn(documents);
  const matching = inboxFilter(filter);
  const docs = await of.find(matching, { sort: NEWEST_FIRST, skip: offset, limit, without: HIDDEN });
  const rows = docs.map(submissionOf);
  const others = inboxFilter(filter, true);
  // A search is a scan on both stores: its few matches are read once and counted here, where a
  // count per kind would scan again for each.
  if (filter.search)
    return { rows, ...countsOf(await of.find(others, { without: [...HIDDEN, 'fields', 'files'] }), filter.form) };
  const counts = emptyCounts();
  for (const kind of ENDPOINT_KINDS) counts[kind] = await of.count({ ...others, form: kind });
  // The total of one kind is its count above, already read.
  return { rows, total: filter.form ? counts[filter.form] : await of.count(matching), counts };
}

/**
 * A retry that arrives while its first attempt is still being stored (that attempt answered 503 at
 * the deadline) waits for the first attempt's outcome instead of adding work to a slow server.
 */
function inFlightInserts() {
  const inFlight = new Map<string, { readonly tag: IdempotencyTag; readonly work: Promise<string> }>();
  const outcomeOf = (earlier: { tag: IdempotencyTag; work: Promise<string> }, tag: IdempotencyTag) =>
    earlier.work.then(
      (id): never => {
        throw new DuplicateSubmissionError(id, earlier.tag.fingerprint === tag.fingerprint);
      },
      (error: unknown): never => {
        if (error instanceof DuplicateSubmissionError) {
          throw new DuplicateSubmissionError(
            error.existingId,
            error.sameRequest && earlier.tag.fingerprint === tag.fingerprint,
          );
        }
        // The first attempt's own error, as the store gave it: whether it was stored is unknown.
        throw new StoreUnavailableError('The store did not store the first attempt.', { cause: error });
      },
    );
  return {
    earlier: (tag: IdempotencyTag | undefined) => {
      const earlier = tag && inFlight.get(tag.key);
      return earlier && outcomeOf(earlier, tag);
    },
    track(tag: IdempotencyTag | undefined, work: Promise<string>) {
      if (!tag) return work;
      inFlight.set(tag.key, { tag, work });
      const forget = () => inFlight.delete(tag.key);
      void work.then(forget, forget);
      return work;
    },
  };
}

/**
 * The form submissions. `afterErase` runs after every removal: on the embedded store it leaves no
 * byte of what was deleted in DATA_DIR (the write-ahead log, the imported NeDB files).
 */
export function formSubmissions(client: DocumentClient, afterErase?: () => Promise<void>): SubmissionRepository {
  const inserts = inFlightInserts();
  const stream = ({ form, ...query }: SubmissionStreamQuery = {}) =>
    exportOrder<SubmissionDoc>(client, {
      collection: SUBMISSIONS.name,
      what: 'submission',
      equal: form ? { form } : {},
      without: HIDDEN,
      ...query,
    });
  const rows = async function* (query?: SubmissionStreamQuery) {
    for await (const doc of stream(query)) yield submissionOf(doc);
  };
  return {
    async insert(submission, { idempotency, notification }: InsertOptions = {}) {
      const earlier = inserts.earlier(idempotency);
      if (earlier) return client.within('insert', earlier);
      const content = { ...submission, files: [...submission.files], ...(notification && { notification }) };
      const id = await client.run('insert', (db) =>
        inserts.track(idempotency, insertKeyed(submissionsIn(db), content, idempotency)),
      );
      return { id, ...submission, files: [...submission.files] };
    },
    list: ({ form, since } = {}) =>
      client.run('list', async (db) => {
        const filter = { ...(form && { form }), ...(since && { receivedAt: { $gte: since } }) };
        const docs = await submissionsIn(db).find(filter, { sort: { receivedAt: 1, _id: 1 }, without: HIDDEN });
        return docs.map(submissionOf);
      }),
    stream: (query) => client.rows(rows(query)),
    findByEmail: (email) =>
      client.run('find by email', async (db) => {
        const pattern = { $regex: `^\\s*${escapeRegex(email.trim())}\\s*$`, $options: 'i' };
        return (await submissionsIn(db).find({ 'fields.email': pattern })).map(personOf);
      }),
    withFilesBefore: (before, limit) =>
      client.run('submissions with files', async (db) => {
        const filter = { receivedAt: { $lt: before }, 'files.0': { $exists: true } };
        return (await submissionsIn(db).find(filter, { sort: { receivedAt: 1, _id: 1 }, limit })).map(personOf);
      }),
    dropFiles: async (ids) => {
      await client.run('drop files', (db) =>
        submissionsIn(db).updateMany({ _id: { $in: ids } }, { $set: { files: [] } }),
      );
    },
    async remove(ids) {
      const removed = await client.run('remove submissions', (db) =>
        submissionsIn(db).deleteMany({ _id: { $in: ids } }),
      );
      await afterErase?.();
      return removed;
    },
    inboxPage: (filter, offset, limit) => client.run('inbox', (db) => inboxPage(db, filter, offset, limit)),
    inboxBatch: (filter, cursor, limit) =>
      client.run('inbox batch', async (db) => (await inboxBatch(db, filter, cursor, limit)).map(submissionOf)),
  };
}
