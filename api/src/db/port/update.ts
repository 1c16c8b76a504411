/**
 * MongoDB's update operators applied to a plain document in memory, for a backend that keeps
 * documents itself (the embedded one, db/port/sqlite.ts): the common ones directly, the rest
 * through mingo.
 */
import { update as mingoUpdate } from 'mingo';
import type { Doc, Update } from '.';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Whether a field's path (dotted for an embedded document) crosses only plain objects or nothing
 * in this document: then setting it makes what MongoDB makes. An array index or anything else is
 * left to mingo.
 */
function plainPath(doc: Record<string, unknown>, field: string): boolean {
  let at: unknown = doc;
  for (const part of field.split('.').slice(0, -1)) {
    if (/^\d+$/.test(part)) return false;
    at = (at as Record<string, unknown>)[part];
    if (at === undefined) return true;
    if (!isPlainObject(at)) return false;
  }
  return true;
}

/** The object holding a field's last part, made on the way when `create` (as MongoDB's $set does). */
function holderOf(doc: Record<string, unknown>, field: string, create: boolean) {
  const parts = field.split('.');
  let holder = doc;
  for (const part of parts.slice(0, -1)) {
    if (holder[part] === undefined) {
      if (!create) return null;
      holder[part] = {};
    }
    holder = holder[part] as Record<string, unknown>;
  }
  return { holder, name: parts[parts.length - 1]! };
}

/**
 * Applies an update: $set, $unset and $inc (nearly every record's, the mail queues' on a field of an
 * embedded document) directly, anything else through mingo (several times slower per update).
 */
export function applyUpdate(doc: Doc, update: Update): void {
  const target = doc as Record<string, unknown>;
  const simple = Object.entries(update).every(
    ([operator, fields]) =>
      ['$set', '$unset', '$inc'].includes(operator) && Object.keys(fields).every((field) => plainPath(target, field)),
  );
  if (!simple) {
    mingoUpdate(doc, update);
    return;
  }
  for (const [field, value] of Object.entries(update.$set ?? {})) {
    const { holder, name } = holderOf(target, field, true)!;
    holder[name] = value;
  }
  for (const field of Object.keys(update.$unset ?? {})) {
    const at = holderOf(target, field, false);
    if (at) delete at.holder[at.name];
  }
  for (const [field, by] of Object.entries(update.$inc ?? {})) {
    const { holder, name } = holderOf(target, field, true)!;
    holder[name] = ((holder[name] as number) ?? 0) + (by as number);
  }
}

/** An update as applied to a document already there: $setOnInsert only makes a new one. */
export function withoutInsertOnly(update: Update): Update {
  const { $setOnInsert: _onInsert, ...rest } = update;
  return rest;
}
