import { SubscribePageForm } from '@wpc/shared/forms';
import { FormPage } from '../components/FormPage';
import { SUBSCRIBE_PAGE } from '../content/forms-pages';

export default function SubscribePage() {
  return (
    <FormPage content={SUBSCRIBE_PAGE}>
      <SubscribePageForm scorecardForm hideIntro />
    </FormPage>
  );
}
