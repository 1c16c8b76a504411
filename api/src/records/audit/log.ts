import type { AuditAction } from '@wpc/shared/team';
import type { AuditEntry, AuditRepository } from '.';

export type AuditAbout = Pick<AuditEntry, 'target' | 'detail' | 'counts'>;

/**
 * The one call every console action makes (sign-ins, exports, downloads, erasures, member
 * changes, and the publishing and updates features' actions): who, what, when. Awaited before
 * the action's answer, so an action the log cannot record is answered 503, never done unrecorded
 * silently. Never pass a visitor's data: ids, team addresses and counts only.
 */
export interface AuditLog {
  record(by: string, action: AuditAction, about?: AuditAbout): Promise<void>;
}

export function auditLog(audit: Pick<AuditRepository, 'add'>, clock: () => Date): AuditLog {
  return {
    async record(by, action, about = {}) {
      await audit.add({ at: clock(), by, action, ...about });
    },
  };
}
