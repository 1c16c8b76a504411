import type { RefObject } from 'react';
import { QUESTION_BANK } from '@wpc/shared/assessment';
import { Button } from '@wpc/shared/ui';
import { LAST_STEP, type AssessmentProgress } from './progress';
import { QuestionField } from './QuestionField';
import styles from './assess.module.css';

export interface StepViewProps {
  readonly progress: AssessmentProgress;
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
  readonly onAnswer: (id: string, score: number) => void;
  readonly onClear: (id: string) => void;
  readonly onNote: (id: string, note: string) => void;
  readonly onStep: (step: number) => void;
  readonly onResults: () => void;
}

/** One essential's four questions, with Back and Next. */
export function StepView({ progress, headingRef, onAnswer, onClear, onNote, onStep, onResults }: StepViewProps) {
  const { essential, questions } = QUESTION_BANK[progress.step]!;
  return (
    <section className={styles.step} aria-labelledby="assessment-step-heading">
      <h2 id="assessment-step-heading" ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
        Essential {essential.number}: {essential.title}
      </h2>
      <p className={styles.stepIntro}>{essential.keyQuestion}</p>
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          score={progress.answers[question.id]}
          note={progress.notes[question.id] ?? ''}
          onAnswer={onAnswer}
          onClear={onClear}
          onNote={onNote}
        />
      ))}
      <div className={styles.stepNav}>
        {progress.step > 0 ? (
          <Button variant="secondary" onClick={() => onStep(progress.step - 1)}>
            Back
          </Button>
        ) : null}
        {progress.step < LAST_STEP ? (
          <Button className={styles.stepNavNext} onClick={() => onStep(progress.step + 1)}>
            Next
          </Button>
        ) : (
          <Button className={styles.stepNavNext} onClick={onResults}>
            See results
          </Button>
        )}
      </div>
    </section>
  );
}
