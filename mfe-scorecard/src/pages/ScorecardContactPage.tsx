import { ContactScorecardForm } from '@wpc/shared/forms';
import { AppLink } from '@wpc/shared/navigation';
import { FormPage } from '../components/FormPage';
import { CONTACT_PAGE } from '../content/forms-pages';

export default function ScorecardContactPage() {
  return (
    <FormPage
      content={CONTACT_PAGE}
      asideFooter={
        <p>
          Looking for a quick answer? Try the <AppLink href="/scorecard/faq">scorecard FAQ</AppLink>.
        </p>
      }
    >
      <ContactScorecardForm scorecardForm hideIntro />
    </FormPage>
  );
}
