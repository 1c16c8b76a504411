/** The place of updates to subscribers (issue 27 builds it). */
export default function UpdatesPage() {
  return (
    <article className="wpc-page">
      <h1>Updates</h1>
      <p className="wpc-lead">Nothing here yet.</p>
      <p>
        This is where updates for the people who asked to hear from the consortium will be written, checked and sent.
      </p>
    </article>
  );
}
