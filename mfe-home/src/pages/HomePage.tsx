import { FormButton, SubscribeForm } from '@wpc/shared/forms';

export default function HomePage() {
  return (
    <article className="wpc-page">
      <h1>Catastrophic fires destroy. Community preparation saves.</h1>
      <p className="wpc-lead">
        We are a non-profit consortium of communities, governments, insurers, researchers and
        innovators working together to prevent catastrophic wildfires before they start.
      </p>
      <p>
        <strong>45.7 million acres</strong> burned in Canada in 2023, a record wildfire season.{' '}
        <small>Source: Canadian Interagency Forest Fire Centre.</small>
      </p>
      <FormButton form="download">Download Scorecard</FormButton>
      <section aria-labelledby="home-subscribe">
        <h2 id="home-subscribe">Subscribe for Updates</h2>
        <SubscribeForm />
      </section>
    </article>
  );
}
