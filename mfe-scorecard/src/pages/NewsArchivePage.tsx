import { usePageData } from '@wpc/shared/area';
import { ReleaseListView } from '../components/PressRelease';
import { SubPage } from '../components/SubPage';
import { NEWS_COPY as copy } from '../content/news-page';
import type { ReleaseList } from '../content/page-data';

/** /scorecard/news/page/<n>: the earlier press releases, ten a page. */
export default function NewsArchivePage() {
  const list = usePageData<ReleaseList>();
  return (
    <SubPage
      title={copy.archiveTitle}
      crumb={`Page ${list.page} of ${list.pages}`}
      trail={[{ href: '/scorecard/news', label: copy.crumb }]}
      lead={<p>{copy.archiveLead}</p>}
    >
      <ReleaseListView list={list} />
    </SubPage>
  );
}
