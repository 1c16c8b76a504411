import type { Database, Statement } from 'better-sqlite3';
import { find as mingoFind } from 'mingo';
import { newDocumentId } from '../ids';
import { applyUpdate, withoutInsertOnly } from './update';
import { groupCommit, isUniqueViolation, type EmbeddedRecord, type NedbPart } from '../sqlite';
import {
  DuplicateKeyError,
  type Collection,
  type CollectionSpec,
  type Doc,
  type Documents,
  type Filter,
  type FindOptions,
  type Update,
} from '.';

/**
 * The port on the embedded store. A collection is a table of (id, doc): the document as JSON
 * (a Date as {"$date": ms}, bytes as {"$binary": base64}), and one generated column per declared
 * index field, indexed as declared (a sparse index as a partial one), so a UNIQUE index refuses
 * what MongoDB's would. A filter's equality, $in, $nin and range conditions on those columns (and
 * _id) become the SQL WHERE; mingo then evaluates the whole filter, sort and update on the decoded
 * documents, so both backends answer with MongoDB's semantics and no record writes a query twice.
 * Index fields hold scalars (or Dates). Every call is synchronous inside: a read-then-write (a
 * conditional update) is atomic.
 */

const ENCODED_DATE = '$date';
const ENCODED_BYTES = '$binary';

function encode({ _id, ...rest }: Doc): string {
  return JSON.stringify(rest, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    if (raw instanceof Date) return { [ENCODED_DATE]: raw.getTime() };
    return Buffer.isBuffer(raw) ? { [ENCODED_BYTES]: raw.toString('base64') } : value;
  });
}

/** A Date or bytes from its one-field encoding; anything else as it is. */
function decoded(fields: Record<string, unknown>): unknown {
  if (Object.keys(fields).length !== 1) return fields;
  const ms = fields[ENCODED_DATE];
  if (typeof ms === 'number') return new Date(ms);
  const base64 = fields[ENCODED_BYTES];
  return typeof base64 === 'string' ? Buffer.from(base64, 'base64') : fields;
}

/** The Dates and bytes inside a parsed document, restored in place (a walk: JSON.parse's reviver costs several times more). */
function revive(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) value[index] = revive(value[index]);
    return value;
  }
  const fields = value as Record<string, unknown>;
  const restored = decoded(fields);
  if (restored !== fields) return restored;
  for (const key in fields) fields[key] = revive(fields[key]);
  return fields;
}

function decode<D extends Doc>(id: string, json: string): D {
  const rest = JSON.parse(json) as Record<string, unknown>;
  // Most documents hold a Date; one with neither a Date nor bytes needs no walk.
  if (json.includes(ENCODED_DATE) || json.includes(ENCODED_BYTES)) revive(rest);
  return { _id: id, ...rest } as D;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const jsonPath = (field: string) => `'$.${field.replaceAll("'", "''")}'`;
const columnOf = (field: string) => (field === '_id' ? 'id' : quote(`ix_${field}`));

/** A field's value as its generated column holds it: a Date's milliseconds, a boolean as 1 or 0. */
function generatedColumn(field: string): string {
  const path = jsonPath(field);
  return `${columnOf(field)} ANY GENERATED ALWAYS AS (CASE json_type(doc, ${path}) WHEN 'object' THEN json_extract(doc, ${path} || '."${ENCODED_DATE}"') ELSE json_extract(doc, ${path}) END) VIRTUAL`;
}

/** A filter value as SQL compares it with a column; undefined when SQL cannot compare it. */
function sqlValue(value: unknown): string | number | null | undefined {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' || typeof value === 'number') return value;
  return undefined;
}

const RANGES: Readonly<Record<string, string>> = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

/**
 * The SQL conditions of one field's condition, and whether they say all it says (then SQL's
 * answer is MongoDB's, the field holding a scalar or a Date as declared).
 */
function fieldConditions(column: string, condition: unknown, params: unknown[]): { parts: string[]; exact: boolean } {
  const direct = sqlValue(condition);
  if (direct != null) {
    params.push(direct);
    return { parts: [`${column} = ?`], exact: true };
  }
  if (condition === null || typeof condition !== 'object' || condition instanceof RegExp)
    return { parts: [], exact: false };
  const parts: string[] = [];
  let exact = true;
  for (const [operator, operand] of Object.entries(condition)) {
    const value = sqlValue(operand);
    if (operator in RANGES && value != null) {
      parts.push(`${column} ${RANGES[operator]} ?`);
      params.push(value);
    } else if (
      (operator === '$in' || operator === '$nin') &&
      Array.isArray(operand) &&
      operand.every((item) => sqlValue(item) != null)
    ) {
      const list = `(${operand.map(() => '?').join(',')})`;
      // MongoDB's $nin also matches a document without the field.
      if (operator === '$in') parts.push(operand.length === 0 ? '0' : `${column} IN ${list}`);
      else if (operand.length > 0) parts.push(`(${column} IS NULL OR ${column} NOT IN ${list})`);
      params.push(...operand.map(sqlValue));
    } else exact = false;
  }
  return { parts, exact };
}

/** SQL's LIMIT and OFFSET (an OFFSET needs a LIMIT: -1 is none). */
function sqlLimit(skip = 0, limit = 0): string {
  const offset = skip > 0 ? ` OFFSET ${Math.trunc(skip)}` : '';
  return limit > 0 || offset ? ` LIMIT ${limit > 0 ? Math.trunc(limit) : -1}${offset}` : '';
}

interface Narrowing {
  readonly where: string;
  readonly params: unknown[];
  /** SQL answers the filter exactly: mingo need not look again. */
  readonly exact: boolean;
}

/** The SQL WHERE that narrows a filter by its indexed fields (a superset, unless exact). */
function narrowing(filter: Filter, indexed: ReadonlySet<string>): Narrowing {
  const params: unknown[] = [];
  const parts: string[] = [];
  let exact = true;
  for (const [field, condition] of Object.entries(filter)) {
    if (!indexed.has(field)) {
      exact = false;
      continue;
    }
    const conditions = fieldConditions(columnOf(field), condition, params);
    parts.push(...conditions.parts);
    exact &&= conditions.exact;
  }
  return { where: parts.length > 0 ? parts.join(' AND ') : '1', params, exact };
}

/** Equality fields of an upsert's filter become the new document's fields, as in MongoDB. */
function upserted(filter: Filter, update: Update): Doc {
  const base: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(filter))
    if (!field.startsWith('$') && sqlValue(value) !== undefined) base[field] = value;
  const { $setOnInsert, ...rest } = update;
  const doc = { _id: newDocumentId(), ...base } as Doc;
  if ($setOnInsert) applyUpdate(doc, { $set: $setOnInsert });
  applyUpdate(doc, rest);
  return doc;
}

class SqliteCollection<D extends Doc> implements Collection<D> {
  private readonly statements = new Map<string, Statement>();
  private readonly table: string;

  constructor(
    private readonly db: Database,
    private readonly name: string,
    private readonly indexed: ReadonlySet<string>,
  ) {
    this.table = quote(name);
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private write(sql: string, ...params: unknown[]): number {
    try {
      return this.statement(sql).run(...params).changes;
    } catch (error) {
      throw isUniqueViolation(error) ? new DuplicateKeyError(this.name, { cause: error }) : error;
    }
  }

  private matching(filter: Filter, { sort, skip, limit, without = [] }: FindOptions = {}): D[] {
    const { where, params, exact } = narrowing(filter, this.indexed);
    const sortKeys = Object.entries(sort ?? {});
    // The common case, a filter and sort on declared indexes, is SQL alone (left-out fields never parsed).
    if (exact && sortKeys.every(([field]) => this.indexed.has(field))) {
      const order = sortKeys.map(([field, direction]) => `${columnOf(field)}${direction < 0 ? ' DESC' : ''}`);
      const doc = without.length > 0 ? `json_remove(doc, ${without.map(jsonPath).join(', ')})` : 'doc';
      const sql = `SELECT id, ${doc} AS doc FROM ${this.table} WHERE ${where}${order.length > 0 ? ` ORDER BY ${order.join(', ')}` : ''}${sqlLimit(skip, limit)}`;
      return this.rows(sql, params);
    }
    let cursor = mingoFind(this.rows(`SELECT id, doc FROM ${this.table} WHERE ${where}`, params), { ...filter });
    if (sort) cursor = cursor.sort({ ...sort });
    if (skip) cursor = cursor.skip(skip);
    if (limit !== undefined && limit > 0) cursor = cursor.limit(limit);
    const found = cursor.all() as D[];
    for (const doc of found) for (const field of without) delete doc[field];
    return found;
  }

  private rows(sql: string, params: unknown[]): D[] {
    const rows = this.statement(sql).all(...params) as { id: string; doc: string }[];
    return rows.map((row) => decode<D>(row.id, row.doc));
  }

  private store(doc: Doc, insert: boolean): void {
    if (insert) this.write(`INSERT INTO ${this.table} (id, doc) VALUES (?, ?)`, doc._id, encode(doc));
    else this.write(`UPDATE ${this.table} SET doc = ? WHERE id = ?`, encode(doc), doc._id);
  }

  private updateSync(filter: Filter, update: Update, many: boolean, upsert: boolean): number {
    const found = this.matching(filter, { limit: many ? undefined : 1 });
    const changes = withoutInsertOnly(update);
    for (const doc of found) {
      applyUpdate(doc, changes);
      this.store(doc, false);
    }
    if (found.length === 0 && upsert) {
      this.store(upserted(filter, update), true);
      return 1;
    }
    return found.length;
  }

  private deleteSync(filter: Filter, many: boolean): number {
    let removed = 0;
    for (const doc of this.matching(filter, { limit: many ? undefined : 1 }))
      removed += this.write(`DELETE FROM ${this.table} WHERE id = ?`, doc._id);
    return removed;
  }

  // Inserts arriving in one turn of the event loop share a commit (db/sqlite.ts, groupCommit):
  // the submit path's one write, a few times faster under load.
  insert = (doc: D) => groupCommit(this.db)(() => this.store(doc, true));
  insertNew = async (docs: readonly D[]) =>
    this.db.transaction(() =>
      docs.filter((doc) => {
        try {
          this.store(doc, true);
          return true;
        } catch (error) {
          if (error instanceof DuplicateKeyError) return false;
          throw error;
        }
      }),
    )();
  findOne = async (filter: Filter, options?: FindOptions) => this.matching(filter, { ...options, limit: 1 })[0] ?? null;
  find = async (filter: Filter, options?: FindOptions) => this.matching(filter, options);
  updateOne = async (filter: Filter, update: Update, { upsert = false } = {}) =>
    this.updateSync(filter, update, false, upsert) > 0;
  updateMany = async (filter: Filter, update: Update) => this.updateSync(filter, update, true, false);
  findOneAndUpdate = async (filter: Filter, update: Update) => {
    const [found] = this.matching(filter, { limit: 1 });
    if (!found) return null;
    const before = structuredClone(found);
    applyUpdate(found, withoutInsertOnly(update));
    this.store(found, false);
    return before;
  };
  put = async (doc: D) => {
    const existed = this.statement(`SELECT 1 FROM ${this.table} WHERE id = ?`).get(doc._id) !== undefined;
    this.store(doc, !existed);
    return !existed;
  };
  deleteOne = async (filter: Filter) => this.deleteSync(filter, false) === 1;
  deleteMany = async (filter: Filter) => this.deleteSync(filter, true);
  count = async (filter: Filter = {}) => {
    const { where, params, exact } = narrowing(filter, this.indexed);
    if (!exact) return this.matching(filter).length;
    return (this.statement(`SELECT count(*) AS n FROM ${this.table} WHERE ${where}`).get(...params) as { n: number }).n;
  };
  newId = () => newDocumentId();
}

/** The fields a collection's generated columns hold: every field of its declared indexes. */
const indexedFields = (spec: CollectionSpec) =>
  new Set(['_id', ...(spec.indexes ?? []).flatMap((index) => Object.keys(index.key))]);

/** The port over one embedded database, for the declared collections only. */
export function sqliteDocuments(db: Database, collections: readonly CollectionSpec[]): Documents {
  const opened = new Map<string, SqliteCollection<Doc>>();
  for (const spec of collections) opened.set(spec.name, new SqliteCollection(db, spec.name, indexedFields(spec)));
  return {
    collection<D extends Doc>(name: string): Collection<D> {
      const collection = opened.get(name);
      if (!collection) throw new Error(`No collection "${name}" is declared in the record registry.`);
      return collection as unknown as Collection<D>;
    },
  };
}

/** A table's columns; none when there is no such table. */
const columnsOf = (db: Database, table: string) =>
  new Set((db.pragma(`table_xinfo(${quote(table)})`) as { name: string }[]).map((column) => column.name));

/**
 * A table of the record's own columns, from before the port: one without the document, or (the
 * updates' kept a JSON document beside its columns) with any column the port does not make.
 */
const isLegacyShape = (columns: ReadonlySet<string>) =>
  columns.size > 0 && [...columns].some((column) => column !== 'id' && column !== 'doc' && !column.startsWith('ix_'));

/**
 * A legacy table (a record's own columns, before the port) is copied into the collection's
 * (already created) table and dropped; a row already there by its id is kept.
 */
function migrateLegacy(db: Database, spec: CollectionSpec, table: string): void {
  if (!spec.legacy) throw new Error(`The table ${table} predates the port and has no migration.`);
  const insert = db.prepare(`INSERT OR IGNORE INTO ${quote(spec.name)} (id, doc) VALUES (?, ?)`);
  // Read whole (better-sqlite3 cannot write while a statement iterates): once, at the first open.
  const select = spec.legacyJoin?.select(quote(table)) ?? `SELECT * FROM ${quote(table)}`;
  const rows = db.prepare(select).all() as Record<string, unknown>[];
  for (const row of rows) {
    const doc = spec.legacy(row);
    insert.run(doc._id, encode(doc));
  }
  // secure_delete (db/sqlite.ts) zeroes the legacy tables' pages as they are freed; the joined
  // ones first, since their rows may refer to the legacy table's (a foreign key).
  for (const joined of spec.legacyJoin?.tables ?? []) db.exec(`DROP TABLE IF EXISTS ${quote(joined)}`);
  db.exec(`DROP TABLE ${quote(table)}`);
}

function createTable(db: Database, spec: CollectionSpec): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${quote(spec.name)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL) STRICT`);
}

/**
 * Creates (or migrates) each collection's table, its generated columns and its indexes; answers
 * whether a legacy table was migrated. A legacy table under the collection's own name is renamed
 * out of the way first.
 */
function setUpCollection(db: Database, spec: CollectionSpec): boolean {
  let columns = columnsOf(db, spec.name);
  const legacyTables = [...(spec.legacyTables ?? [])];
  if (isLegacyShape(columns)) {
    legacyTables.unshift(`${spec.name}__legacy`);
    db.exec(`ALTER TABLE ${quote(spec.name)} RENAME TO ${quote(legacyTables[0]!)}`);
    columns = new Set();
  }
  createTable(db, spec);
  const present = legacyTables.filter((table) => columnsOf(db, table).size > 0);
  for (const table of present) migrateLegacy(db, spec, table);
  for (const field of indexedFields(spec))
    if (field !== '_id' && !columns.has(`ix_${field}`))
      db.exec(`ALTER TABLE ${quote(spec.name)} ADD COLUMN ${generatedColumn(field)}`);
  for (const index of spec.indexes ?? []) {
    const keys = Object.entries(index.key).map(
      ([field, direction]) => `${columnOf(field)}${direction < 0 ? ' DESC' : ''}`,
    );
    // Sparse as in MongoDB: a document without the fields has no entry (a partial index), so most
    // submissions, which carry no Idempotency-Key or notification, cost no write in those indexes.
    const sparse = index.sparse
      ? ` WHERE ${Object.keys(index.key)
          .map((field) => `${columnOf(field)} IS NOT NULL`)
          .join(' OR ')}`
      : '';
    db.exec(
      `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quote(`${spec.name}.${index.name}`)} ON ${quote(spec.name)} (${keys.join(', ')})${sparse}`,
    );
  }
  return present.length > 0;
}

/** A collection's documents in a NeDB data file, inserted as they are (one already there is kept). */
const nedbPart = (collection: string, file: string): NedbPart => ({
  file,
  load(db, docs) {
    const insert = db.prepare(`INSERT OR IGNORE INTO ${quote(collection)} (id, doc) VALUES (?, ?)`);
    for (const doc of docs) insert.run(doc._id, encode(doc));
  },
});

/** The declared collections as one part of the embedded database, set up (and migrated) on open. */
export function documentCollectionsRecord(collections: readonly CollectionSpec[]): EmbeddedRecord {
  return {
    schema: '',
    nedb: collections.flatMap(({ name, nedbFile }) => (nedbFile === undefined ? [] : [nedbPart(name, nedbFile)])),
    outdated: (db) =>
      collections.some((spec) => {
        const columns = columnsOf(db, spec.name);
        const fields = [...indexedFields(spec)].filter((field) => field !== '_id');
        return (
          !columns.has('doc') ||
          isLegacyShape(columns) ||
          fields.some((field) => !columns.has(`ix_${field}`)) ||
          (spec.legacyTables ?? []).some((table) => columnsOf(db, table).size > 0)
        );
      }),
    setUp(db) {
      const migrated = db.transaction(() => collections.map((spec) => setUpCollection(db, spec)))();
      // The legacy tables' rows may still sit in the write-ahead log: copied into the file, where
      // secure_delete zeroed them, and the log emptied.
      if (migrated.some(Boolean)) db.pragma('wal_checkpoint(TRUNCATE)');
    },
  };
}
