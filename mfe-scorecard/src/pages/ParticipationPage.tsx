import { FormButton } from '@wpc/shared/forms';

export default function ParticipationPage() {
  return (
    <article className="wpc-page">
      <h1>Participate in the Scorecard</h1>
      <p className="wpc-lead">
        Communities, agencies, insurers and experts can take part in many ways: pilot the scorecard yourselves, collaborate with other networks, ask for an expert review, or work with us in full collaboration.
      </p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--wpc-space-3)' }}>
        <FormButton form="collab" scorecardForm>
          Collaborate with Us
        </FormButton>
        <FormButton form="feedback" scorecardForm pageName="scorecard-participation" variant="secondary">
          Feedback
        </FormButton>
        <FormButton form="support" scorecardForm variant="secondary">
          Support Wildfire Prevention
        </FormButton>
      </div>
    </article>
  );
}
