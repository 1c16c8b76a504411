import { Readable } from 'node:stream';
import type { NewSubmission } from '../src/store';
import { HOUSEKEEPING, uploadRetentionJob } from '../src/uploads/retention';
import { useHarness } from './helpers/harness';
import { describeStore, storeCases } from './helpers/stores';

// Issue 31 item 8: uploads were kept forever. Files of submissions older than the retention are
// deleted by the housekeeping, the submissions kept, and the audit log says how many.

const NOW = new Date('2027-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

for (const storeCase of storeCases) {
  describeStore(storeCase, 'upload retention', () => {
    const h = useHarness(storeCase);

    async function feedbackWithFile(daysAgo: number, name: string) {
      const file = await h.store.files.save(Readable.from([Buffer.from(name)]), { name, contentType: 'text/plain' });
      const submission = await h.store.submissions.insert({
        form: 'feedback',
        variant: 'feedback',
        page: '/scorecard',
        files: [file],
        receivedAt: new Date(NOW.getTime() - daysAgo * DAY),
        fields: { firstName: 'Ines', lastName: 'Okafor', email: 'ines@example.org', message: 'Our scorecard' },
      } as NewSubmission);
      return { file, submission };
    }

    it('deletes the files of submissions older than the retention, keeps the rest, and audits how many', async () => {
      const old = await feedbackWithFile(3 * 365, 'old.pdf');
      const older = await feedbackWithFile(4 * 365, 'older.pdf');
      const recent = await feedbackWithFile(30, 'recent.pdf');
      await uploadRetentionJob(h.store, 24).run(NOW);

      for (const gone of [old, older]) {
        expect(await h.store.files.open(gone.file.id)).toBeNull();
        expect((await h.store.submissions.list()).find((row) => row.id === gone.submission.id)?.files).toEqual([]);
      }
      const kept = await h.store.files.open(recent.file.id);
      expect(kept).not.toBeNull();
      kept!.stream.destroy();
      expect((await h.store.submissions.list()).find((row) => row.id === recent.submission.id)?.files).toHaveLength(1);
      expect(await h.store.submissions.list()).toHaveLength(3);

      const { entries } = await h.store.audit.page({ offset: 0, limit: 10, actions: ['uploads-retention'] });
      expect(entries).toEqual([
        expect.objectContaining({
          by: HOUSEKEEPING,
          action: 'uploads-retention',
          counts: { submissions: 2, files: 2 },
        }),
      ]);
      // A second run finds nothing more, and records nothing.
      await uploadRetentionJob(h.store, 24).run(NOW);
      expect((await h.store.audit.page({ offset: 0, limit: 10, actions: ['uploads-retention'] })).total).toBe(1);
    });
  });
}
