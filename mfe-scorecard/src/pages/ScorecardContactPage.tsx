import { ContactScorecardForm } from '@wpc/shared/forms';

export default function ScorecardContactPage() {
  return (
    <article className="wpc-page">
      <h1>Need Scorecard Support? We can Help!</h1>
      <p className="wpc-lead">
        Tell us what you need, from help downloading the scorecard to support running it in your community, and the scorecard team will get back to you.
      </p>
      <ContactScorecardForm scorecardForm hideIntro />
    </article>
  );
}
