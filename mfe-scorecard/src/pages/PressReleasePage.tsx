import { usePageData } from '@wpc/shared/area';
import { ReleaseLayout } from '../components/PressRelease';
import { SubPage } from '../components/SubPage';
import { NEWS_COPY as copy } from '../content/news-page';
import type { ReleasePageData } from '../content/page-data';

/** /scorecard/news/<slug>: one press release on its own page. */
export default function PressReleasePage() {
  const { release } = usePageData<ReleasePageData>();
  return (
    <SubPage
      title={`${copy.headingPrefix} ${release.title}`}
      crumb={release.title}
      trail={[{ href: '/scorecard/news', label: copy.crumb }]}
      lead={
        <p>
          <time dateTime={release.date}>{release.dateLabel}</time> · {release.summary}
        </p>
      }
    >
      <ReleaseLayout release={release} />
    </SubPage>
  );
}
