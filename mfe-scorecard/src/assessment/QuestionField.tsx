import { memo } from 'react';
import { SCALE, type Question } from '@wpc/shared/assessment';
import { NOTE_MAX } from './progress';
import styles from './assess.module.css';

export interface QuestionFieldProps {
  readonly question: Question;
  readonly score: number | undefined;
  readonly note: string;
  readonly onAnswer: (id: string, score: number) => void;
  readonly onClear: (id: string) => void;
  readonly onNote: (id: string, note: string) => void;
}

/**
 * One question: its six scores as a radio group (arrow keys move between them) and a note.
 * Memoised, so typing a note re-renders that question only.
 */
export const QuestionField = memo(function QuestionField({
  question,
  score,
  note,
  onAnswer,
  onClear,
  onNote,
}: QuestionFieldProps) {
  const noteId = `note-${question.id}`;
  return (
    <fieldset id={`q-${question.id}`} className={styles.question}>
      <legend>
        <span className={styles.questionId}>{question.id}</span>
        {question.text}
      </legend>
      <div className={styles.choices}>
        {question.descriptors.map((descriptor, value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name={`score-${question.id}`}
              value={value}
              checked={score === value}
              onChange={() => onAnswer(question.id, value)}
            />
            <span className={styles.choiceScore}>{value}</span>
            <span>
              <span className={styles.choiceLabel}>{SCALE[value]?.label}.</span> {descriptor}
            </span>
          </label>
        ))}
      </div>
      {/* Always in the HTML, hidden until answered: the page's early script shows it when a radio
          is checked before hydration, and clears the question if it is tapped then
          (shared/build/early-controls.cjs). preventDefault tells that script React has answered. */}
      <button
        type="button"
        className={styles.linkButton}
        hidden={score === undefined}
        data-early-clear=""
        onClick={(event) => {
          event.preventDefault();
          onClear(question.id);
        }}
      >
        Clear answer<span className="wpc-visually-hidden"> to question {question.id}</span>
      </button>
      <label htmlFor={noteId} className={styles.noteLabel}>
        Note or evidence (optional)<span className="wpc-visually-hidden"> for question {question.id}</span>
      </label>
      <textarea
        id={noteId}
        className={styles.note}
        rows={2}
        maxLength={NOTE_MAX}
        value={note}
        onChange={(event) => onNote(question.id, event.target.value)}
      />
    </fieldset>
  );
});
