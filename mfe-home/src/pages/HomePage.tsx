import { useState } from 'react';
import { FormButton } from '@wpc/shared/forms/on-demand';
import { AppLink } from '@wpc/shared/navigation';
import { BackToTop, Card, PageMenu } from '@wpc/shared/ui';
import { CARDS_INTRO, HERO, homeCards } from '../content/home';
import { Illustration } from '../components/Illustration';
import { useSectionInView } from '../components/useSectionInView';
import page from './page.module.css';
import styles from './HomePage.module.css';

const cards = homeCards();
const menuEntries = cards.map((card) => ({ id: card.id, label: card.menuLabel }));
const cardIds = cards.map((card) => card.id);

export default function HomePage() {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const inView = useSectionInView(cardIds);

  return (
    <article className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={`${page.inner} ${styles.heroGrid}`}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{HERO.eyebrow}</p>
            <h1 id="home-title" className={styles.title}>
              {HERO.title}
            </h1>
            <p className={styles.lead}>{HERO.lead}</p>
            <div className={page.actions}>
              <FormButton form="download">{HERO.downloadLabel}</FormButton>
              <AppLink href={HERO.secondaryLink.href} className={styles.heroLink}>
                {HERO.secondaryLink.label}
              </AppLink>
            </div>
          </div>
          <div className={styles.heroMedia}>
            <Illustration image={HERO.image} className={styles.heroImage} fetchPriority="high" />
            <div className={styles.statistic}>
              <p className={styles.statisticText}>
                <strong className={styles.statisticFigure}>{HERO.statistic.figure}</strong> {HERO.statistic.rest}
              </p>
              <p className={styles.statisticNote}>{HERO.statisticNote}</p>
              <p className={styles.statisticSource}>{HERO.statisticSource}</p>
            </div>
          </div>
        </div>
      </section>

      <section className={page.inner} aria-labelledby="home-cards-title">
        <div className={styles.cardsHead}>
          <h2 id="home-cards-title" className={page.sectionTitle}>
            {CARDS_INTRO.title}
          </h2>
          <p className={page.sectionIntro}>{CARDS_INTRO.text}</p>
        </div>
        <div className={styles.layout}>
          <div className={styles.menuColumn}>
            <PageMenu entries={menuEntries} onHighlight={setHighlighted} currentId={inView} />
          </div>
          <div className={styles.cards}>
            {cards.map((card) => (
              <Card key={card.id} {...card} highlighted={highlighted === card.id} />
            ))}
          </div>
        </div>
      </section>
      <BackToTop />
    </article>
  );
}
