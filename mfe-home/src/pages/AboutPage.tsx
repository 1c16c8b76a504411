export default function AboutPage() {
  return (
    <article className="wpc-page">
      <h1>About Us</h1>
      <p className="wpc-lead">
        The consortium brings together people and organisations who share one goal: fewer
        catastrophic wildfires and communities that are ready for the fires that do come.
      </p>
      <p>
        Meet the leaders, the curation partners who help choose the innovations we showcase, and
        the team of volunteers and professionals who keep the work moving.
      </p>
    </article>
  );
}
