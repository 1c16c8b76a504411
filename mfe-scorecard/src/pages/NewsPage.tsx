import { FormButton } from '@wpc/shared/forms';

export default function NewsPage() {
  return (
    <article className="wpc-page">
      <h1>Press Release: Community Wildfire Resilience Scorecard Launched</h1>
      <p className="wpc-lead">
        On 19 February 2024 the consortium and its disaster-resilience alliance partners released a free scorecard that helps communities measure and improve how ready they are for wildfire.
      </p>
      <p>The scorecard is free to download for any community.</p>
      <FormButton form="download" scorecardForm>
        Download Scorecard
      </FormButton>
    </article>
  );
}
