import { FormButton } from '@wpc/shared/forms';

export default function SponsorsPage() {
  return (
    <article className="wpc-page">
      <h1>Sponsor Wildfire Prevention</h1>
      <p className="wpc-lead">
        Sponsors put innovators in front of the investors, agencies and communities who can bring
        their ideas to the field, and keep the showcase free to attend and free to present.
      </p>
      <p>Sponsor packages start at Bronze ($5,000), with Silver ($7,500) and Gold ($25,000) levels.</p>
      <p>Tell us about your organisation and we will put together the package that fits.</p>
      <FormButton form="sponsor">Become a Sponsor</FormButton>
    </article>
  );
}
