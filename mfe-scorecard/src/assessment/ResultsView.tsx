import { useState, useSyncExternalStore, type RefObject } from 'react';
import {
  answeredCount,
  essentialResults,
  nextStepsFor,
  overallPercent,
  QUESTION_BANK,
  QUESTIONS,
  SCORECARD_VERSION,
  unansweredQuestions,
  weakestEssentials,
  type EssentialResult,
  type Quartiles,
} from '@wpc/shared/assessment';
import { Button } from '@wpc/shared/ui';
import { reportCsv } from './csv';
import { downloadBlob, downloadText } from './download';
import type { AssessmentProgress } from './progress';
import { RadarChart } from './RadarChart';
import { buildReport, reportFileName } from './report';
import { ShareResults } from './ShareResults';
import { useBenchmarks, type BenchmarkState } from './useBenchmarks';
import { reportWorkbook } from './workbook';
import { cx } from './class-names';
import styles from './assess.module.css';

export interface ResultsViewProps {
  readonly progress: AssessmentProgress;
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
  readonly onBackToQuestions: () => void;
  readonly onJumpToStep: (step: number) => void;
  readonly onJumpToQuestion: (id: string) => void;
  readonly onShared: (at: string) => void;
}

function percentText(percent: number | null): string {
  return percent === null ? 'not answered' : `${percent}%`;
}

function ScoreTable({
  results,
  overall,
  answered,
  benchmarks,
}: {
  readonly results: readonly EssentialResult[];
  readonly overall: number | null;
  readonly answered: number;
  readonly benchmarks: {
    readonly count: number;
    readonly essentials: readonly Quartiles[];
    readonly overall: Quartiles;
  } | null;
}) {
  const median = (figures: Quartiles) => (
    <>
      {figures.median}%
      <span className={styles.range}>
        middle half {figures.q1}–{figures.q3}%
      </span>
    </>
  );
  return (
    <table className={styles.table}>
      <caption>
        Score by essential{benchmarks ? `, beside the median of the ${benchmarks.count} communities that shared` : ''}
      </caption>
      <thead>
        <tr>
          <th scope="col">Essential</th>
          <th scope="col">Your score</th>
          <th scope="col">Answered</th>
          {benchmarks ? <th scope="col">Median of shared results</th> : null}
        </tr>
      </thead>
      <tbody>
        {results.map((result, index) => (
          <tr key={result.essential.id}>
            <th scope="row">
              {result.essential.number}. {result.essential.shortTitle}
            </th>
            <td>{percentText(result.percent)}</td>
            <td>
              {result.answered} of {result.total}
            </td>
            {benchmarks ? <td>{median(benchmarks.essentials[index]!)}</td> : null}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Overall</th>
          <td>{percentText(overall)}</td>
          <td>
            {answered} of {QUESTIONS.length}
          </td>
          {benchmarks ? <td>{median(benchmarks.overall)}</td> : null}
        </tr>
      </tfoot>
    </table>
  );
}

function ComparisonStatus({ state }: { readonly state: BenchmarkState }) {
  switch (state.status) {
    case 'loading':
      return <p role="status">Looking up how other communities scored…</p>;
    case 'error':
      return (
        <p role="status">
          The comparison with other communities could not be loaded just now. Your own results above are complete
          without it.
        </p>
      );
    case 'closed':
      return (
        <p role="status">
          Comparison with other communities opens once {state.minimum} communities have shared their results;{' '}
          {state.count === 0 ? 'none has yet' : state.count === 1 ? 'one has so far' : `${state.count} have so far`}.
          Sharing yours below brings it closer.
        </p>
      );
    case 'open':
      return (
        <p role="status">
          The dashed line in the chart and the last column of the table show the median score of the{' '}
          {state.benchmarks.count} communities that have shared their results: half scored higher, half lower. The
          middle half of them scored within the range shown under each median.
        </p>
      );
  }
}

/** The report's downloads, printing, and the way back to the questions. */
function ReportActions({
  progress,
  onBackToQuestions,
}: {
  readonly progress: AssessmentProgress;
  readonly onBackToQuestions: () => void;
}) {
  const [workbookState, setWorkbookState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const downloadCsv = () => {
    const now = new Date();
    downloadText(reportCsv(buildReport(progress), now), reportFileName(now, 'csv'), 'text/csv;charset=utf-8');
  };
  const downloadWorkbook = async () => {
    setWorkbookState('busy');
    try {
      const now = new Date();
      downloadBlob(await reportWorkbook(buildReport(progress), now), reportFileName(now, 'xlsx'));
      setWorkbookState('idle');
    } catch {
      setWorkbookState('failed');
    }
  };
  return (
    <>
      <div className={cx(styles.actions, styles.noPrint)}>
        <Button onClick={downloadCsv}>Download CSV</Button>
        <Button onClick={downloadWorkbook} disabled={workbookState === 'busy'}>
          {workbookState === 'busy' ? 'Preparing the workbook…' : 'Download Excel workbook (.xlsx)'}
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          Print / Save as PDF
        </Button>
        <Button variant="secondary" onClick={onBackToQuestions}>
          Back to the questions
        </Button>
      </div>
      {workbookState === 'failed' ? (
        <p className={cx(styles.notice, styles.noticeError)} role="alert">
          The workbook could not be prepared, perhaps because the connection dropped. Please try again, or download the
          CSV, which opens in any spreadsheet program.
        </p>
      ) : null}
    </>
  );
}

type BenchmarksOpen = Extract<BenchmarkState, { status: 'open' }>['benchmarks'];

/** The radar chart of the essentials, with the median of shared results when there is one. */
function ResultsChart({
  results,
  benchmarks,
}: {
  readonly results: readonly EssentialResult[];
  readonly benchmarks: BenchmarksOpen | null;
}) {
  return (
    <figure className={styles.chartFigure}>
      <RadarChart results={results} medians={benchmarks?.essentials.map((figures) => figures.median)} />
      <figcaption className={styles.chartCaption}>
        Each numbered spoke is one essential, in the order of the table; the further out, the higher the score.
        <ul className={styles.legend}>
          <li>
            <span className={styles.legendSwatch} aria-hidden="true" />
            Your community
          </li>
          {benchmarks ? (
            <li>
              <span className={cx(styles.legendSwatch, styles.legendSwatchMedian)} aria-hidden="true" />
              Median of shared results
            </li>
          ) : null}
        </ul>
      </figcaption>
    </figure>
  );
}

/** The weakest essentials, each with its next steps and a way back to its answers. */
function WhereToStart({
  weakest,
  progress,
  onJumpToStep,
}: {
  readonly weakest: readonly EssentialResult[];
  readonly progress: AssessmentProgress;
  readonly onJumpToStep: (step: number) => void;
}) {
  return weakest.length > 0 ? (
    <section aria-labelledby="assessment-weakest-heading">
      <h3 id="assessment-weakest-heading">
        Where to start: {weakest.length === 1 ? 'your weakest essential' : `your ${weakest.length} weakest essentials`}
      </h3>
      <ol className={styles.weakest}>
        {weakest.map((result) => {
          const step = QUESTION_BANK.findIndex((entry) => entry.essential.id === result.essential.id);
          return (
            <li key={result.essential.id}>
              <h4>
                Essential {result.essential.number}, {result.essential.title}: {result.percent}%
              </h4>
              <ul>
                {nextStepsFor(result.essential.id, progress.answers).map((question) => (
                  <li key={question.id}>
                    <strong>{question.topic}</strong> (question {question.id}, scored {progress.answers[question.id]}):{' '}
                    {question.nextStep}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={cx(styles.linkButton, styles.noPrint)}
                onClick={() => onJumpToStep(step)}
              >
                Review your answers for essential {result.essential.number}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  ) : (
    <p>Every answered question scores full marks. Keep testing and reviewing your plans every year.</p>
  );
}

/** The questions not answered yet, each a link to itself. */
function StillToAnswer({
  unanswered,
  onJumpToQuestion,
}: {
  readonly unanswered: ReturnType<typeof unansweredQuestions>;
  readonly onJumpToQuestion: (id: string) => void;
}) {
  return (
    <section aria-labelledby="assessment-unanswered-heading">
      <h3 id="assessment-unanswered-heading">Questions still to answer ({unanswered.length})</h3>
      <ul className={styles.unanswered}>
        {unanswered.map((question) => (
          <li key={question.id}>
            <a
              href={`#q-${question.id}`}
              onClick={(event) => {
                event.preventDefault();
                onJumpToQuestion(question.id);
              }}
            >
              {question.id}: {question.topic}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every answer and note, for the printed report only. */
function AnswersTable({ progress }: { readonly progress: AssessmentProgress }) {
  return (
    <section className={cx(styles.printOnly, styles.answersTable)} aria-labelledby="assessment-answers-heading">
      <h3 id="assessment-answers-heading">Your answers</h3>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Score</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {QUESTIONS.map((question) => (
            <tr key={question.id}>
              <th scope="row">
                {question.id} {question.topic}
              </th>
              <td>{progress.answers[question.id] ?? '–'}</td>
              <td>{progress.notes[question.id] ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const noSubscription = () => () => undefined;
const todayLabel = () => new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const emptyLabel = () => '';

/** Scores, chart, weakest essentials with next steps, unanswered questions, downloads and sharing. */
export function ResultsView({
  progress,
  headingRef,
  onBackToQuestions,
  onJumpToStep,
  onJumpToQuestion,
  onShared,
}: ResultsViewProps) {
  const benchmarkState = useBenchmarks();
  // The clock is read only in the browser, after hydration (the server snapshot is empty).
  const today = useSyncExternalStore(noSubscription, todayLabel, emptyLabel);
  const results = essentialResults(progress.answers);
  const overall = overallPercent(progress.answers);
  const answered = answeredCount(progress.answers);
  const weakest = weakestEssentials(results);
  const unanswered = unansweredQuestions(progress.answers);
  const benchmarks = benchmarkState.status === 'open' ? benchmarkState.benchmarks : null;

  return (
    <section className={styles.results} aria-labelledby="assessment-results-heading">
      <h2 id="assessment-results-heading" ref={headingRef} tabIndex={-1} className={styles.resultsHeading}>
        Your results
      </h2>
      <p className={styles.printOnly}>
        Self-assessment report of {today}, Community Wildfire Resilience Scorecard version {SCORECARD_VERSION}.
      </p>
      {answered === 0 ? (
        <>
          <p>There is nothing to score yet: answer at least one question and your results appear here.</p>
          <Button onClick={onBackToQuestions}>Back to the questions</Button>
        </>
      ) : (
        <>
          <p className={styles.overall}>
            Overall score <strong className={styles.overallFigure}>{overall}%</strong>, from {answered} of{' '}
            {QUESTIONS.length} questions answered.
          </p>
          {unanswered.length > 0 ? (
            <p>
              Scores count only the questions answered so far.{' '}
              {unanswered.length === 1 ? 'One question is' : `${unanswered.length} questions are`} still open; they are
              listed below.
            </p>
          ) : null}
          <ReportActions progress={progress} onBackToQuestions={onBackToQuestions} />

          <div className={styles.chartAndTable}>
            <ResultsChart results={results} benchmarks={benchmarks} />
            <ScoreTable results={results} overall={overall} answered={answered} benchmarks={benchmarks} />
          </div>
          <ComparisonStatus state={benchmarkState} />

          <WhereToStart weakest={weakest} progress={progress} onJumpToStep={onJumpToStep} />

          {unanswered.length > 0 ? <StillToAnswer unanswered={unanswered} onJumpToQuestion={onJumpToQuestion} /> : null}

          <ShareResults progress={progress} onShared={onShared} />

          <AnswersTable progress={progress} />
        </>
      )}
    </section>
  );
}
