import { useEffect, useMemo, useState } from 'react';
import { usePageData } from '@wpc/shared/area';
import { AppLink } from '@wpc/shared/navigation';
import { TEN_ESSENTIALS } from '@wpc/shared/scorecard';
import { Accordion, scrollToSection, type AccordionItem } from '@wpc/shared/ui';
import { SubPage } from '../components/SubPage';
import { FAQ_INTRO } from '../content/faq-page';
import type { FaqPageData, FaqView } from '../content/page-data';
import styles from './FaqPage.module.css';

function Answer({ item }: { readonly item: FaqView }) {
  return (
    <div className={styles.answer}>
      {/* HTML the area's server rendered from the answer's Markdown and sanitised (content-model/prepare). */}
      <div dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
      {item.listEssentials ? (
        <ol>
          {TEN_ESSENTIALS.map((essential) => (
            <li key={essential.id}>{essential.title}</li>
          ))}
        </ol>
      ) : null}
      <p className={styles.links}>
        {item.link ? <AppLink href={item.link.href}>{item.link.label}</AppLink> : null}
        <a href={`#${item.slug}`} className={styles.permalink}>
          Link to this question
        </a>
      </p>
    </div>
  );
}

function indexOfHash(items: readonly FaqView[], hash: string): number {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return items.findIndex((item) => item.slug === id);
}

export default function FaqPage() {
  const { items } = usePageData<FaqPageData>();
  const accordionItems = useMemo<readonly AccordionItem[]>(
    () => items.map((item) => ({ id: item.slug, question: item.question, answer: <Answer item={item} /> })),
    [items],
  );
  const [open, setOpen] = useState<readonly boolean[]>(() => items.map(() => false));
  const [scrollTarget, setScrollTarget] = useState<string | null>(null);

  // A link to /scorecard/faq#<id> opens that question; the address is only known once mounted.
  useEffect(() => {
    const openFromHash = () => {
      const index = indexOfHash(items, window.location.hash);
      if (index < 0) return;
      setOpen((current) => current.map((value, i) => value || i === index));
      setScrollTarget(items[index]!.slug);
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [items]);

  // After the opened answer is on screen, bring the question below the sticky header and focus it.
  // On a first visit that waits for the load event: Chrome drops a smooth scroll started earlier.
  useEffect(() => {
    if (!scrollTarget) return undefined;
    const reveal = () => {
      scrollToSection(scrollTarget);
      document.getElementById(scrollTarget)?.querySelector('button')?.focus({ preventScroll: true });
      setScrollTarget(null);
    };
    if (document.readyState === 'complete') {
      reveal();
      return undefined;
    }
    window.addEventListener('load', reveal, { once: true });
    return () => window.removeEventListener('load', reveal);
  }, [scrollTarget]);

  const toggle = (index: number, isOpen: boolean) =>
    setOpen((current) => current.map((value, i) => (i === index ? isOpen : value)));

  return (
    <SubPage title={FAQ_INTRO.title} crumb={FAQ_INTRO.crumb} lead={<p>{FAQ_INTRO.lead}</p>}>
      <div className={styles.layout}>
        <Accordion
          items={accordionItems}
          openItems={open}
          onToggle={toggle}
          headingLevel={2}
          className={styles.accordion}
        />
        <section className={styles.more} aria-labelledby="faq-more">
          <h2 id="faq-more" className={styles.moreTitle}>
            Still have a question?
          </h2>
          <p>Our scorecard team answers every message, usually within two working days.</p>
          <AppLink href="/scorecard/contact">Contact the scorecard team</AppLink>
        </section>
      </div>
    </SubPage>
  );
}
