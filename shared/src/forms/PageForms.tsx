import { SiteForm } from './SiteForm';

export interface InlineFormProps {
  readonly scorecardForm?: boolean;
  readonly hideIntro?: boolean;
}

/** Subscribe for Updates card (home and scorecard landing): clears itself after a send. */
export const SubscribeForm = (props: InlineFormProps) => <SiteForm form="subscribe" {...props} />;

/** /scorecard/subscribe: always a scorecard page, so scorecardForm defaults to true. */
export const SubscribePageForm = ({ scorecardForm = true, ...props }: InlineFormProps) => (
  <SiteForm form="subscribePage" scorecardForm={scorecardForm} {...props} />
);

/** /contact-us. */
export const ContactPageForm = (props: InlineFormProps) => <SiteForm form="contact" {...props} />;

/** /scorecard/contact: always a scorecard page, so scorecardForm defaults to true. */
export const ContactScorecardForm = ({ scorecardForm = true, ...props }: InlineFormProps) => (
  <SiteForm form="contactScorecard" scorecardForm={scorecardForm} {...props} />
);
