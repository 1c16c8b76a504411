import { useRef, useState, type ChangeEvent } from 'react';
import { answeredCount } from '@wpc/shared/assessment';
import { Button, Dialog } from '@wpc/shared/ui';
import { downloadText } from './download';
import { hasAnyInput, type AssessmentProgress } from './progress';
import { reportFileName } from './report';
import { parseSaveFile, saveFileText } from './save-file';
import { cx } from './class-names';
import styles from './assess.module.css';

export interface Notice {
  readonly tone: 'info' | 'error';
  readonly text: string;
  readonly problems?: readonly string[];
}

export interface KeepAnswersProps {
  readonly progress: AssessmentProgress;
  /** False when this browser refuses to store the answers. */
  readonly stored: boolean;
  readonly notice: Notice | null;
  readonly onNotice: (notice: Notice | null) => void;
  readonly onLoad: (progress: AssessmentProgress) => void;
  readonly onStartOver: () => void;
}

function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

const FILE_MAX_BYTES = 1024 * 1024;

/** Save to and load from a JSON file, and Start over (which asks first). */
export function KeepAnswers({ progress, stored, notice, onNotice, onLoad, onStartOver }: KeepAnswersProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [confirm, setConfirm] = useState<
    'startOver' | { readonly progress: AssessmentProgress; readonly savedAt: string } | null
  >(null);
  const answered = answeredCount(progress.answers);

  const save = () => {
    const now = new Date();
    downloadText(saveFileText(progress, now), reportFileName(now, 'json'), 'application/json');
    onNotice({
      tone: 'info',
      text: `Saved ${answered} ${answered === 1 ? 'answer' : 'answers'} to a file. Use “Load from a file” to pick up from it later, on any device.`,
    });
  };

  const loaded = (next: AssessmentProgress, savedAt: string) => {
    onLoad(next);
    const count = answeredCount(next.answers);
    onNotice({
      tone: 'info',
      text: `Loaded ${count} ${count === 1 ? 'answer' : 'answers'} from the file saved on ${longDate(savedAt)}.`,
    });
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire change again
    if (!file) return;
    if (file.size > FILE_MAX_BYTES) {
      onNotice({
        tone: 'error',
        text: 'This file is far larger than a saved self-assessment, so it was not loaded. Choose the .json file that “Save progress to a file” created.',
      });
      return;
    }
    const result = parseSaveFile(await file.text());
    if (!result.ok) {
      onNotice({ tone: 'error', text: result.message, problems: result.problems });
      return;
    }
    if (hasAnyInput(progress)) setConfirm({ progress: result.progress, savedAt: result.savedAt });
    else loaded(result.progress, result.savedAt);
  };

  return (
    <section className={cx(styles.keep, styles.noPrint)} aria-labelledby="assessment-keep-heading">
      <h2 id="assessment-keep-heading">Keep your answers</h2>
      <p>
        {stored
          ? 'Your answers are kept in this browser as you go, so you can close the page and pick up where you left off. Nothing is sent anywhere unless you choose to share your results.'
          : 'This browser is not keeping your answers (its storage is blocked or full). Save them to a file before you leave the page, then load the file when you come back.'}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={save}>
          Save progress to a file
        </Button>
        <Button variant="secondary" onClick={() => fileInput.current?.click()}>
          Load from a file
        </Button>
        <input
          ref={fileInput}
          className={styles.hiddenInput}
          type="file"
          accept=".json,application/json"
          tabIndex={-1}
          aria-label="Saved self-assessment file"
          onChange={readFile}
        />
        <Button variant="secondary" onClick={() => setConfirm('startOver')} disabled={!hasAnyInput(progress)}>
          Start over
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {notice?.tone === 'info' ? <p className={styles.notice}>{notice.text}</p> : null}
      </div>
      <div role="alert">
        {notice?.tone === 'error' ? (
          <div className={cx(styles.notice, styles.noticeError)}>
            <p>{notice.text}</p>
            {notice.problems?.length ? (
              <ul>
                {notice.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>

      <Dialog open={confirm === 'startOver'} onClose={() => setConfirm(null)} title="Start over?">
        <p>
          This clears all {answered} {answered === 1 ? 'answer' : 'answers'} and every note from this page and this
          browser. If you might want them later, save them to a file first.
        </p>
        <div className={styles.dialogActions}>
          <Button
            onClick={() => {
              setConfirm(null);
              onStartOver();
            }}
          >
            Clear all answers
          </Button>
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            Keep my answers
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={confirm !== null && confirm !== 'startOver'}
        onClose={() => setConfirm(null)}
        title="Replace your answers?"
      >
        {confirm !== null && confirm !== 'startOver' ? (
          <>
            <p>
              The file holds {answeredCount(confirm.progress.answers)} answers, saved on {longDate(confirm.savedAt)}.
              Loading it replaces the {answered} {answered === 1 ? 'answer' : 'answers'} and the notes on this page.
            </p>
            <div className={styles.dialogActions}>
              <Button
                onClick={() => {
                  setConfirm(null);
                  loaded(confirm.progress, confirm.savedAt);
                }}
              >
                Replace my answers
              </Button>
              <Button variant="secondary" onClick={() => setConfirm(null)}>
                Keep my answers
              </Button>
            </div>
          </>
        ) : null}
      </Dialog>
    </section>
  );
}
