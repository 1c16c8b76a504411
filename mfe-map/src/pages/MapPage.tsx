export default function MapPage() {
  return (
    <article className="wpc-page">
      <h1>Showcase Organisations Map</h1>
      <p className="wpc-lead">
        Explore where the organisations that have presented at the Wildfire Innovation Showcase
        are based, from wildfire detection start-ups to land-management innovators.
      </p>
    </article>
  );
}
