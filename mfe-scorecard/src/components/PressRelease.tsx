import { useId } from 'react';
import { AppLink } from '@wpc/shared/navigation';
import { NEWS_COPY as copy, releaseListPath } from '../content/news-page';
import type { ReleaseList, ReleaseView } from '../content/page-data';
import styles from '../pages/NewsPage.module.css';
import { FormLink } from './Links';

/** A site path changes page in place; any other address opens in a new tab. */
function ReleaseLink({ label, url }: { readonly label: string; readonly url: string }) {
  if (url.startsWith('/')) return <AppLink href={url}>{label}</AppLink>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="wpc-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** One press release in full: its links beside it, then its text, then its press contacts. */
export function ReleaseLayout({ release }: { readonly release: ReleaseView }) {
  const ids = useId();
  return (
    <div className={styles.layout}>
      <section className={`${styles.panel} ${styles.linksPanel}`} aria-labelledby={`${ids}-links`}>
        <h2 id={`${ids}-links`} className={styles.panelTitle}>
          {copy.linksTitle}
        </h2>
        <ul className={styles.links}>
          {release.links.map((link) => (
            <li key={`${link.url} ${link.label}`}>
              <ReleaseLink {...link} />
            </li>
          ))}
          <li>
            <FormLink form="download">{copy.download}</FormLink>
          </li>
          <li>
            <AppLink href="/scorecard/contact">{copy.contact}</AppLink>
          </li>
        </ul>
      </section>

      <section className={styles.release} aria-labelledby={`${ids}-headline`}>
        <p className={styles.label}>{copy.label}</p>
        <h2 id={`${ids}-headline`} className={styles.headline}>
          {release.headline}
        </h2>
        <p className={styles.dateline}>
          {release.place}, <time dateTime={release.date}>{release.dateLabel}</time>
        </p>
        {/* HTML the area's server rendered from the release's Markdown and sanitised (content-model/prepare). */}
        <div className={styles.text} dangerouslySetInnerHTML={{ __html: release.bodyHtml }} />
        <p className={styles.end} aria-hidden="true">
          ###
        </p>
      </section>

      {release.contacts.length > 0 ? (
        <section className={`${styles.panel} ${styles.contactsPanel}`} aria-labelledby={`${ids}-contacts`}>
          <h2 id={`${ids}-contacts`} className={styles.panelTitle}>
            {copy.contactsTitle}
          </h2>
          <ul className={styles.contacts}>
            {release.contacts.map((person) => (
              <li key={`${person.email} ${person.name}`} className={styles.contact}>
                <strong>{person.name}</strong>
                <span>{person.role}</span>
                <span>{person.organisation}</span>
                <a href={`mailto:${person.email}`}>{person.email}</a>
                {person.phone ? <a href={`tel:${person.phone.replaceAll(' ', '')}`}>{person.phone}</a> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/**
 * The pages the list's navigation names: the first, the last, and two either side of this one,
 * with a gap ('…') where pages are left out, so a thousand releases do not make a hundred links.
 */
export function pagesAround(page: number, pages: number): (number | '…')[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((candidate) => candidate >= 1 && candidate <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((candidate, index) =>
    index > 0 && candidate - shown[index - 1]! > 1 ? (['…', candidate] as const) : [candidate],
  );
}

/** A page of the list of releases, with links to the other pages. */
export function ReleaseListView({ list, title }: { readonly list: ReleaseList; readonly title?: string }) {
  const headingId = useId();
  const pages = pagesAround(list.page, list.pages);
  return (
    <section className={styles.list} aria-labelledby={title ? headingId : undefined}>
      {title ? (
        <h2 id={headingId} className={styles.listTitle}>
          {title}
        </h2>
      ) : null}
      <ol className={styles.items}>
        {list.items.map((item) => (
          <li key={item.path} className={styles.item}>
            <h3 className={styles.itemTitle}>
              <AppLink href={item.path}>{item.title}</AppLink>
            </h3>
            <p className={styles.itemDate}>
              <time dateTime={item.date}>{item.dateLabel}</time>
            </p>
            <p>{item.summary}</p>
          </li>
        ))}
      </ol>
      {list.pages > 1 ? (
        <nav aria-label={copy.pagination}>
          <ul className={styles.pages}>
            {list.page > 1 ? (
              <li>
                <AppLink href={releaseListPath(list.page - 1)}>{copy.previousPage}</AppLink>
              </li>
            ) : null}
            {pages.map((page, index) => (
              <li key={page === '…' ? `gap-${index}` : page}>
                {page === '…' ? (
                  <span className={styles.gap}>…</span>
                ) : page === list.page ? (
                  <span aria-current="page" className={styles.current}>
                    {page}
                  </span>
                ) : (
                  <AppLink href={releaseListPath(page)} aria-label={`Page ${page}`}>
                    {page}
                  </AppLink>
                )}
              </li>
            ))}
            {list.page < list.pages ? (
              <li>
                <AppLink href={releaseListPath(list.page + 1)}>{copy.nextPage}</AppLink>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
