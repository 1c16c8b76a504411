import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { answeredCount } from '@wpc/shared/assessment';
import { reportOutcome } from '@wpc/shared/events';
import { Button } from '@wpc/shared/ui';
import { KeepAnswers, type Notice } from './KeepAnswers';
import {
  EMPTY_PROGRESS,
  progressReducer,
  stepOfQuestion,
  type AssessmentProgress,
  type ProgressAction,
} from './progress';
import { ResultsView } from './ResultsView';
import { JumpList, ProgressSummary } from './StepNavigation';
import { StepView } from './StepView';
import { readStoredProgress, setAsideStoredProgress, writeStoredProgress } from './storage';
import styles from './assess.module.css';

type View = 'questions' | 'results';
type FocusTarget = { readonly kind: 'heading' } | { readonly kind: 'question'; readonly id: string };

/** localStorage, or null where the browser blocks it (reading the property itself can throw). */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The answers given before hydration: the browser checks a radio at once, and hydration keeps it
 * checked, but no React handler heard it. They are newer than any stored answer, so they go in
 * after it; without this the answer would show as given and never be kept.
 */
function takeEarlyAnswers(root: HTMLElement | null, dispatch: (action: ProgressAction) => void) {
  const at = new Date().toISOString();
  for (const radio of root?.querySelectorAll<HTMLInputElement>('input[type="radio"][name^="score-"]:checked') ?? [])
    dispatch({ type: 'answer', id: radio.name.slice('score-'.length), score: Number(radio.value), at });
}

/**
 * The whole self-assessment. The server and the first browser render show an empty assessment;
 * the answers kept in this browser are read after mounting, so hydration always matches.
 */
export function Assessment() {
  const [progress, dispatch] = useReducer(progressReducer, EMPTY_PROGRESS);
  const [view, setView] = useState<View>('questions');
  const [restored, setRestored] = useState(false);
  const [stored, setStored] = useState(true);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const storage = browserStorage();
    const found = storage ? readStoredProgress(storage) : ({ state: 'unreadable', reason: '' } as const);
    if (found.state === 'found') dispatch({ type: 'replace', progress: found.progress });
    takeEarlyAnswers(rootRef.current, dispatch);
    if (found.state === 'unreadable' && storage) {
      setAsideStoredProgress(storage);
      // eslint-disable-next-line react-hooks/set-state-in-effect -- storage is read once after mounting so hydration matches the server render
      setNotice({
        tone: 'error',
        text: `The answers kept in this browser could not be read, so the assessment starts empty. ${found.reason}`,
      });
    }
    // A link such as /scorecard/assess#q-3b or #results opens that place directly.
    const hash = window.location.hash.slice(1);
    if (hash === 'results') setView('results');
    else if (hash.startsWith('q-') && stepOfQuestion(hash.slice(2)) >= 0) {
      dispatch({ type: 'goTo', step: stepOfQuestion(hash.slice(2)) });
      setFocusTarget({ kind: 'question', id: hash.slice(2) });
    }
    setRestored(true);
  }, []);

  // Saved on every change once the stored answers have been read (never over them before).
  useEffect(() => {
    if (!restored) return;
    const storage = browserStorage();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- shows whether the write to storage (an external system) succeeded
    setStored(storage !== null && writeStoredProgress(storage, progress, new Date()));
  }, [progress, restored]);

  // Issue 40: an assessment is started by the first answer given to an empty one (answers kept
  // from an earlier visit are not a new start).
  const answered = answeredCount(progress.answers);
  const wasEmpty = useRef<boolean | null>(null);
  useEffect(() => {
    if (!restored) return;
    if (wasEmpty.current === true && answered > 0) reportOutcome({ outcome: 'assessment-started' });
    wasEmpty.current = answered === 0;
  }, [answered, restored]);

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.kind === 'heading') {
      headingRef.current?.focus({ preventScroll: true });
      headingRef.current?.scrollIntoView({ block: 'start' });
    } else {
      const question = document.getElementById(`q-${focusTarget.id}`);
      question?.scrollIntoView({ block: 'start' });
      question?.querySelector<HTMLInputElement>('input:checked, input')?.focus({ preventScroll: true });
    }
    // Not cleared afterwards: every request is a new object, so the effect runs once per request.
  }, [focusTarget]);

  const now = () => new Date().toISOString();
  const onAnswer = useCallback((id: string, score: number) => dispatch({ type: 'answer', id, score, at: now() }), []);
  const onClear = useCallback((id: string) => dispatch({ type: 'clearAnswer', id, at: now() }), []);
  const onNote = useCallback((id: string, note: string) => dispatch({ type: 'note', id, note, at: now() }), []);

  const showStep = (step: number) => {
    dispatch({ type: 'goTo', step });
    setView('questions');
    setFocusTarget({ kind: 'heading' });
  };
  const showResults = () => {
    setView('results');
    setFocusTarget({ kind: 'heading' });
  };
  const showQuestion = (id: string) => {
    dispatch({ type: 'goTo', step: stepOfQuestion(id) });
    setView('questions');
    setFocusTarget({ kind: 'question', id });
  };

  return (
    <div ref={rootRef}>
      {view === 'questions' ? (
        <>
          <div className={styles.toolbar}>
            <ProgressSummary step={progress.step} answered={answered} />
            <Button variant="secondary" onClick={showResults}>
              See results
            </Button>
          </div>
          <div className={styles.layout}>
            <JumpList step={progress.step} answers={progress.answers} onJump={showStep} />
            <StepView
              progress={progress}
              headingRef={headingRef}
              onAnswer={onAnswer}
              onClear={onClear}
              onNote={onNote}
              onStep={showStep}
              onResults={showResults}
            />
          </div>
        </>
      ) : (
        <ResultsView
          progress={progress}
          headingRef={headingRef}
          onBackToQuestions={() => showStep(progress.step)}
          onJumpToStep={showStep}
          onJumpToQuestion={showQuestion}
          onShared={(at) => dispatch({ type: 'shared', at })}
        />
      )}
      <KeepAnswers
        progress={progress}
        stored={stored}
        notice={notice}
        onNotice={setNotice}
        onLoad={(loaded: AssessmentProgress) => {
          dispatch({ type: 'replace', progress: loaded });
          setView('questions');
        }}
        onStartOver={() => {
          dispatch({ type: 'replace', progress: EMPTY_PROGRESS });
          setNotice({ tone: 'info', text: 'All answers are cleared. The assessment starts again from essential 1.' });
          setView('questions');
          setFocusTarget({ kind: 'heading' });
        }}
      />
    </div>
  );
}
