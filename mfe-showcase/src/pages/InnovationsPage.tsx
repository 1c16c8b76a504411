import { FormButton } from '@wpc/shared/forms';

/** The next showcase date is not announced yet, so visitors ask to be notified (spec §2). */
const REGISTRATION_CLOSED = true;

export default function InnovationsPage() {
  return (
    <article className="wpc-page">
      <h1>Wildfire Innovation Showcase</h1>
      <p className="wpc-lead">
        A virtual event, hosted with a venture networking community, that links wildfire
        innovators with impact investors, agencies and communities. Free to attend. Free to present.
      </p>
      <p>Featuring 7 to 10 trailblazing ventures.</p>
      {REGISTRATION_CLOSED ? (
        <>
          <p>Accepting applications! The date of the next showcase is coming soon.</p>
          <FormButton form="notify" defaultOpen>
            Notify Me!
          </FormButton>
        </>
      ) : null}
    </article>
  );
}
