export default function InnovationsPage() {
  return (
    <article className="wpc-page">
      <h1>Wildfire Innovation Showcase</h1>
      <p className="wpc-lead">
        A virtual event, hosted with a venture networking community, that links wildfire
        innovators with impact investors, agencies and communities. Free to attend. Free to present.
      </p>
      <p>Featuring 7 to 10 trailblazing ventures.</p>
    </article>
  );
}
