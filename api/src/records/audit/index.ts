import type { AuditAction } from '@wpc/shared/team';

/** What an erasure deleted (a type, not an interface, so it is an entry's counts as it is). */
export type ErasureCounts = {
  readonly submissions: number;
  readonly files: number;
  readonly assessments: number;
};

/** An audit entry: who did what, when - never a visitor's data. */
export interface AuditEntry {
  readonly id: string;
  readonly at: Date;
  /** The team member's sign-in address (or "unknown" for a refused sign-in link nobody can be named for). */
  readonly by: string;
  readonly action: AuditAction;
  /** What it concerned: a submission's or file's id, a member's address, a content entry, an update. */
  readonly target?: string;
  /** A few words more: the roles given, an export's format and filter names, why a sign-in was refused. */
  readonly detail?: string;
  /** How many records it touched (an erasure's submissions, files and assessments). */
  readonly counts?: Readonly<Record<string, number>>;
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

export interface AuditPageQuery {
  readonly offset: number;
  readonly limit: number;
  /** Only these actions; all when absent. */
  readonly actions?: readonly AuditAction[];
}

export interface AuditPage {
  /** Newest first. */
  readonly entries: readonly AuditEntry[];
  /** Entries matching the query's actions. */
  readonly total: number;
}

/** The console's audit trail. */
export interface AuditRepository {
  add(entry: NewAuditEntry): Promise<AuditEntry>;
  page(query: AuditPageQuery): Promise<AuditPage>;
  /** Deletes the entries older than `before` (the retention); answers how many. */
  sweep(before: Date): Promise<number>;
}
