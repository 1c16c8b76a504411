import { useEffect, useState } from 'react';
import type { ContentArea } from '@wpc/shared/content-model';
import { Button } from '@wpc/shared/ui';
import type { TeamSession } from '../api';
import { formatDateTime } from '../format';
import { contentApi, type EditorEntry } from './api';
import { UnpublishDialog } from './UnpublishDialog';
import type { EntryEditing } from './use-entry-editor';
import styles from './ContentEditor.module.css';

interface ActionProps {
  readonly area: ContentArea;
  readonly id: string;
  readonly session: TeamSession;
  readonly entry: EditorEntry;
  readonly editing: EntryEditing;
}

/** Publish now, preview the draft (saved first), unpublish. */
function NowActions({ area, id, session, entry, editing }: ActionProps) {
  const { busy, conflict, dirty, save, act, fail, referencedBy, setReferencedBy } = editing;
  const [preview, setPreview] = useState<string>();
  const blocked = busy || Boolean(conflict);
  const openPreview = async () => {
    const saved = dirty ? await save(false) : entry;
    if (!saved) return;
    try {
      setPreview((await contentApi.preview(session, area, id)).path);
    } catch (failure) {
      fail(failure);
    }
  };
  const unpublish = (confirmed: boolean) =>
    act(
      (version) => contentApi.unpublish(session, area, id, version, confirmed),
      'Unpublished. The site no longer shows it within a few seconds.',
    );
  return (
    <>
      <div className={styles.tools}>
        <Button type="submit" variant="secondary" disabled={blocked}>
          Save draft
        </Button>
        <Button
          type="button"
          disabled={blocked}
          onClick={() =>
            void act(
              (version) => contentApi.publish(session, area, id, version),
              'Published. The site shows it within a few seconds.',
            )
          }
        >
          Publish now
        </Button>
        <Button type="button" variant="secondary" disabled={blocked} onClick={() => void openPreview()}>
          Preview
        </Button>
        {entry.published && (
          <Button type="button" variant="secondary" disabled={blocked} onClick={() => void unpublish(false)}>
            Unpublish
          </Button>
        )}
      </div>
      <UnpublishDialog
        referencedBy={referencedBy}
        onCancel={() => setReferencedBy(undefined)}
        onConfirm={() => {
          setReferencedBy(undefined);
          void unpublish(true);
        }}
      />
      {preview && (
        <p className={styles.notice}>
          <a href={preview} target="_blank" rel="noopener noreferrer">
            Open the preview of this draft (new tab)
          </a>
        </p>
      )}
    </>
  );
}

/** Publish at a time read in this browser's zone, or cancel the schedule. */
function ScheduleActions({ area, id, session, entry, editing }: ActionProps) {
  const { busy, conflict, errors, setErrors, act } = editing;
  const [scheduleAt, setScheduleAt] = useState('');
  // The zone the schedule's time is read in: this browser's, named once the page has mounted.
  const [browserZone, setBrowserZone] = useState<string>();
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the zone is the browser's, read after mounting
    setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, []);
  const blocked = busy || Boolean(conflict);
  const schedule = () => {
    const at = new Date(scheduleAt);
    if (!scheduleAt || Number.isNaN(at.getTime())) {
      setErrors({ at: 'Choose a date and a time.' });
      return;
    }
    void act(
      (version) => contentApi.schedule(session, area, id, version, at.toISOString()),
      `Scheduled for ${formatDateTime(at.toISOString())}.`,
    );
  };
  return (
    <fieldset className={styles.group}>
      <legend>Publish later</legend>
      <div className={styles.field}>
        <label htmlFor="content-schedule-at">Date and time ({browserZone ?? 'your time zone'})</label>
        <input
          id="content-schedule-at"
          type="datetime-local"
          value={scheduleAt}
          aria-invalid={errors.at ? true : undefined}
          onChange={(event) => setScheduleAt(event.target.value)}
        />
        {errors.at && <p className={styles.fieldError}>{errors.at}</p>}
      </div>
      <Button type="button" variant="secondary" disabled={blocked} onClick={schedule}>
        Schedule
      </Button>
      {entry.scheduled && (
        <Button
          type="button"
          variant="secondary"
          disabled={blocked}
          onClick={() =>
            void act(
              (version) => contentApi.unschedule(session, area, id, version),
              entry.published
                ? 'Schedule cancelled. The site keeps showing the published version.'
                : 'Schedule cancelled. The entry stays a draft.',
            )
          }
        >
          Cancel schedule
        </Button>
      )}
    </fieldset>
  );
}

/** The entry's actions, each done on the version saved: save, publish, preview, unpublish, schedule. */
export function EntryActions(props: ActionProps) {
  return (
    <>
      <NowActions {...props} />
      <ScheduleActions {...props} />
    </>
  );
}
