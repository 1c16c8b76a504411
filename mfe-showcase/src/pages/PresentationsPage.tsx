import { FormButton } from '@wpc/shared/forms';

export default function PresentationsPage() {
  return (
    <article className="wpc-page">
      <h1>WILDFIRE INNOVATION SHOWCASE</h1>
      <p className="wpc-lead">
        Hosted by the consortium and a venture networking community. Free to attend. Free to present.
      </p>
      <FormButton form="notify">Notify Me</FormButton>
      <h2>Previous Innovation Showcases</h2>
      <p>Watch the presentations from earlier showcases and meet the innovators behind them.</p>
    </article>
  );
}
