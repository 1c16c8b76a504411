import type { AuditEntry as WireEntry } from '@wpc/shared/team/schemas';
import type { AuditEntry } from '.';

/** A stored audit entry as the console's API sends it (the one place it is converted). */
export const toWire = ({ at, ...entry }: AuditEntry): WireEntry => ({ ...entry, at: at.toISOString() });
