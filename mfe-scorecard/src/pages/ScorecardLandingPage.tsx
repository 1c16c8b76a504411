import { FormButton, SubscribeForm } from '@wpc/shared/forms';

export default function ScorecardLandingPage() {
  return (
    <article className="wpc-page">
      <p>Community Inspection</p>
      <h1>Community Wildfire Resilience Scorecard</h1>
      <p className="wpc-lead">
        Catastrophic Fires Destroy / Community Preparation Saves. The scorecard helps a community
        see how ready it is for wildfire across ten essentials, and where to act first.
      </p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--wpc-space-3)' }}>
        <FormButton form="download" scorecardForm>
          Download Scorecard
        </FormButton>
        <FormButton form="collab" scorecardForm variant="secondary">
          Pilot with Us
        </FormButton>
        <FormButton form="feedback" scorecardForm pageName="scorecard" variant="secondary">
          Feedback &amp; Upload
        </FormButton>
        <FormButton form="support" scorecardForm variant="secondary">
          Contribute
        </FormButton>
      </div>
      <section aria-labelledby="scorecard-subscribe">
        <h2 id="scorecard-subscribe">Subscribe for Updates</h2>
        <SubscribeForm scorecardForm />
      </section>
    </article>
  );
}
