import { useId, useState } from 'react';
import { isScore, QUESTION_BANK, QUESTIONS } from '@wpc/shared/assessment';
import { Button } from '@wpc/shared/ui';
import { cx } from './class-names';
import styles from './assess.module.css';

export interface ProgressSummaryProps {
  readonly step: number;
  readonly answered: number;
}

/** "Essential 3 of 10" and how many of the 40 questions have an answer. */
export function ProgressSummary({ step, answered }: ProgressSummaryProps) {
  const barId = useId();
  return (
    <div className={styles.progress}>
      <p className={styles.stepLabel}>
        Essential {step + 1} of {QUESTION_BANK.length}
      </p>
      <label htmlFor={barId} className={styles.progressLabel}>
        {answered} of {QUESTIONS.length} questions answered
      </label>
      <progress id={barId} className={styles.progressBar} value={answered} max={QUESTIONS.length}>
        {answered} of {QUESTIONS.length}
      </progress>
    </div>
  );
}

export interface JumpListProps {
  readonly step: number;
  readonly answers: Readonly<Record<string, number>>;
  readonly onJump: (step: number) => void;
}

/** The ten essentials with how far each is answered; a disclosure on narrow screens. */
export function JumpList({ step, answers, onJump }: JumpListProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav className={styles.jump} aria-label="The ten essentials">
      <Button
        variant="secondary"
        className={styles.jumpToggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        Jump to an essential <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </Button>
      <ol id={listId} className={cx(styles.jumpList, open && styles.jumpListOpen)}>
        {QUESTION_BANK.map(({ essential, questions }, index) => {
          const done = questions.filter((question) => isScore(answers[question.id])).length;
          return (
            <li key={essential.id}>
              <button
                type="button"
                className={styles.jumpButton}
                aria-current={index === step ? 'step' : undefined}
                onClick={() => {
                  setOpen(false);
                  onJump(index);
                }}
              >
                <span className={styles.jumpNumber}>{essential.number}.</span>
                <span className={styles.jumpTitle}>{essential.shortTitle}</span>
                <span className={cx(styles.jumpCount, done === questions.length && styles.jumpDone)}>
                  {done}/{questions.length}
                  <span className="wpc-visually-hidden"> answered</span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
