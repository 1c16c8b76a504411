import { ContactPageForm } from '@wpc/shared/forms';

export default function ContactUsPage() {
  return (
    <article className="wpc-page">
      <h1>Contact Us</h1>
      <p className="wpc-lead">
        Questions about the scorecard, the showcase, sponsorship or partnering with us? Send us a
        message and a member of the team will get back to you.
      </p>
      <ContactPageForm />
    </article>
  );
}
