import { QUESTION_BANK, QUESTIONS } from '@wpc/shared/assessment';
import { Assessment } from '../assessment/Assessment';
import { cx } from '../assessment/class-names';
import styles from '../assessment/assess.module.css';

export default function AssessPage() {
  return (
    <article className="wpc-page">
      <h1>Assess your community&apos;s wildfire resilience</h1>
      <div className={cx(styles.intro, styles.noPrint)}>
        <p className="wpc-lead">
          Score your community against the Ten Essentials of the Community Wildfire Resilience Scorecard, right here in
          your browser. No account, no sign-in.
        </p>
        <p>
          There are {QUESTIONS.length} questions, {QUESTIONS.length / QUESTION_BANK.length} for each essential. Each one
          is scored from 0 (nothing in place) to 5 (in place, tested and reviewed every year), and every score is
          described so you can pick the one that fits. Most teams need about an hour; it goes best with people from the
          fire service, planning, utilities and community groups around one screen. Answers are kept in this browser as
          you go, so you can stop and come back any time.
        </p>
      </div>
      <Assessment />
    </article>
  );
}
