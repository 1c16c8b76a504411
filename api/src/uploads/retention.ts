import type { HousekeepingJob } from '../housekeeping';
import type { Store } from '../store';
import { auditLog } from '../records/audit/log';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Submissions handled per run; the next run (hourly) goes on with the rest. */
const BATCH = 200;
/** Who the audit names for what the API does on its own. */
export const HOUSEKEEPING = 'housekeeping';

/**
 * The upload retention (issue 31 item 8): the files of submissions received more than
 * `months` ago are deleted, the submissions themselves kept (without their files), and the audit
 * log records how many, as "housekeeping". A month is counted as 30 days.
 */
export function uploadRetentionJob(
  store: Pick<Store, 'submissions' | 'files' | 'audit'>,
  months: number,
): HousekeepingJob {
  const audit = auditLog(store.audit, () => new Date());
  return {
    name: 'upload retention',
    run: async (now) => {
      const before = new Date(now.getTime() - months * 30 * DAY_MS);
      const old = await store.submissions.withFilesBefore(before, BATCH);
      if (old.length === 0) return;
      const fileIds = old.flatMap((submission) => submission.fileIds);
      for (const fileId of fileIds) await store.files.delete(fileId);
      await store.submissions.dropFiles(old.map((submission) => submission.id));
      await audit.record(HOUSEKEEPING, 'uploads-retention', {
        detail: `files of submissions older than ${months} months`,
        counts: { submissions: old.length, files: fileIds.length },
      });
    },
  };
}
