import { SubscribePageForm } from '@wpc/shared/forms';

export default function SubscribePage() {
  return (
    <article className="wpc-page">
      <h1>Subscribe for Updates</h1>
      <p className="wpc-lead">
        Get news about the scorecard, new versions and pilot programmes in your inbox. We write rarely and you can unsubscribe at any time.
      </p>
      <SubscribePageForm scorecardForm hideIntro />
    </article>
  );
}
