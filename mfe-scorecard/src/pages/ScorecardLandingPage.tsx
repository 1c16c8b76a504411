export default function ScorecardLandingPage() {
  return (
    <article className="wpc-page">
      <p>Community Inspection</p>
      <h1>Community Wildfire Resilience Scorecard</h1>
      <p className="wpc-lead">
        Catastrophic Fires Destroy / Community Preparation Saves. The scorecard helps a community
        see how ready it is for wildfire across ten essentials, and where to act first.
      </p>
    </article>
  );
}
