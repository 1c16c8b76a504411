export default function FaqPage() {
  return (
    <article className="wpc-page">
      <h1>Frequently Asked Questions</h1>
      <p className="wpc-lead">
        Answers to the twelve questions we hear most about the scorecard: what it is, why it is needed, how to use it and who it is for.
      </p>
    </article>
  );
}
