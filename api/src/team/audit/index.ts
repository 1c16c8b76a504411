export interface ErasureCounts {
  readonly submissions: number;
  readonly files: number;
  readonly assessments: number;
}

/** An audit entry: who did what, how many records, when - never whose data. */
export interface AuditEntry {
  readonly id: string;
  readonly at: Date;
  readonly by: string;
  readonly action: 'erase';
  readonly counts: ErasureCounts;
}

/** The console's audit trail, oldest first. */
export interface AuditRepository {
  add(entry: Omit<AuditEntry, 'id'>): Promise<AuditEntry>;
  list(): Promise<AuditEntry[]>;
}
