export default function ScorecardAboutPage() {
  return (
    <article className="wpc-page">
      <h1>About the Scorecard</h1>
      <p className="wpc-lead">
        The scorecard adapts the UN 10 Essentials framework to wildfire. It was written by a team of authors and reviewers from our partner organisations and the disaster-resilience alliance.
      </p>
    </article>
  );
}
