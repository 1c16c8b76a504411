export interface ErasureCounts {
  readonly submissions: number;
  readonly files: number;
  readonly assessments: number;
}

/** What the team did to an update (issue 27): each is audited with the update's id. */
export type UpdateAuditAction =
  'update-test' | 'update-send' | 'update-schedule' | 'update-pause' | 'update-resume' | 'update-cancel';

/** An audit entry: who did what, how many records, when - never whose data. */
export type AuditEntry = { readonly id: string; readonly at: Date; readonly by: string } & (
  | { readonly action: 'erase'; readonly counts: ErasureCounts }
  | { readonly action: UpdateAuditAction; readonly update: string }
);

/** An entry to add (the store gives it its id). */
export type NewAuditEntry = AuditEntry extends infer E ? (E extends AuditEntry ? Omit<E, 'id'> : never) : never;

/** The console's audit trail, oldest first. */
export interface AuditRepository {
  add(entry: NewAuditEntry): Promise<AuditEntry>;
  list(): Promise<AuditEntry[]>;
}
