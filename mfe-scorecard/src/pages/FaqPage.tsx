import { useEffect, useState } from 'react';
import { AppLink } from '@wpc/shared/navigation';
import { TEN_ESSENTIALS } from '@wpc/shared/scorecard';
import { Accordion, scrollToSection, type AccordionItem } from '@wpc/shared/ui';
import { SubPage } from '../components/SubPage';
import { FAQ_INTRO, FAQ_ITEMS, type FaqItem } from '../content/faq';
import styles from './FaqPage.module.css';

function Answer({ item }: { readonly item: FaqItem }) {
  return (
    <div className={styles.answer}>
      {item.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {item.list ? (
        <ul>
          {item.list.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
      ) : null}
      {item.listSource === 'essentials' ? (
        <ol>
          {TEN_ESSENTIALS.map((essential) => (
            <li key={essential.id}>{essential.title}</li>
          ))}
        </ol>
      ) : null}
      <p className={styles.links}>
        {item.link ? <AppLink href={item.link.href}>{item.link.label}</AppLink> : null}
        <a href={`#${item.id}`} className={styles.permalink}>
          Link to this question
        </a>
      </p>
    </div>
  );
}

const ITEMS: readonly AccordionItem[] = FAQ_ITEMS.map((item) => ({
  id: item.id,
  question: item.question,
  answer: <Answer item={item} />,
}));

function indexOfHash(hash: string): number {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return FAQ_ITEMS.findIndex((item) => item.id === id);
}

export default function FaqPage() {
  const [open, setOpen] = useState<readonly boolean[]>(() => FAQ_ITEMS.map(() => false));
  const [scrollTarget, setScrollTarget] = useState<string | null>(null);

  // A link to /scorecard/faq#<id> opens that question; the address is only known once mounted.
  useEffect(() => {
    const openFromHash = () => {
      const index = indexOfHash(window.location.hash);
      if (index < 0) return;
      setOpen((current) => current.map((value, i) => value || i === index));
      setScrollTarget(FAQ_ITEMS[index]!.id);
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, []);

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
        <Accordion items={ITEMS} openItems={open} onToggle={toggle} headingLevel={2} className={styles.accordion} />
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
