import { usePageData } from '@wpc/shared/area';
import { ReleaseLayout, ReleaseListView } from '../components/PressRelease';
import { SubPage } from '../components/SubPage';
import { NEWS_COPY as copy } from '../content/news-page';
import type { NewsPageData } from '../content/page-data';

/** /scorecard/news: the newest press release in full, then the earlier ones, ten a page. */
export default function NewsPage() {
  const { latest, earlier } = usePageData<NewsPageData>();
  if (!latest) {
    return (
      <SubPage title={copy.archiveTitle} crumb={copy.crumb} lead={<p>{copy.none}</p>}>
        <p>{copy.none}</p>
      </SubPage>
    );
  }
  return (
    <SubPage
      title={`${copy.headingPrefix} ${latest.title}`}
      crumb={copy.crumb}
      lead={
        <p>
          <time dateTime={latest.date}>{latest.dateLabel}</time> · {latest.summary}
        </p>
      }
    >
      <ReleaseLayout release={latest} />
      {earlier.items.length > 0 ? <ReleaseListView list={earlier} title={copy.earlierTitle} /> : null}
    </SubPage>
  );
}
