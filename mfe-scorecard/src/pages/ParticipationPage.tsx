export default function ParticipationPage() {
  return (
    <article className="wpc-page">
      <h1>Participate in the Scorecard</h1>
      <p className="wpc-lead">
        Communities, agencies, insurers and experts can take part in many ways: pilot the scorecard yourselves, collaborate with other networks, ask for an expert review, or work with us in full collaboration.
      </p>
    </article>
  );
}
