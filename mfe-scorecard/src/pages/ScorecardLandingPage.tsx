import { useState } from 'react';
import { usePageData } from '@wpc/shared/area';
import { BackToTop, Card, PageMenu, type PageMenuEntry } from '@wpc/shared/ui';
import { ScorecardBanner } from '../components/ScorecardBanner';
import { StickySubHeader } from '../components/StickySubHeader';
import { LANDING_CARDS, SUB_HEADER_TITLE } from '../content/landing';
import type { LandingPageData } from '../content/page-data';
import { PARTNERS } from '../content/partners';
import styles from './ScorecardLandingPage.module.css';

const MENU_ENTRIES: readonly PageMenuEntry[] = LANDING_CARDS.map((card) => ({ id: card.id, label: card.menuLabel }));

export default function ScorecardLandingPage() {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const { reachLine } = usePageData<LandingPageData>();

  return (
    <div className={styles.landing}>
      <ScorecardBanner reachLine={reachLine} />
      <StickySubHeader title={SUB_HEADER_TITLE} partners={PARTNERS} />
      <div className={styles.layout}>
        <PageMenu entries={MENU_ENTRIES} onHighlight={setHighlighted} className={styles.menu} />
        <div className={styles.cards}>
          {LANDING_CARDS.map((card) => (
            <Card
              key={card.id}
              id={card.id}
              title={card.title}
              titleColor={card.titleColor}
              image={card.image}
              caption={card.caption}
              blocks={card.blocks}
              popupForm={card.popupForm}
              inlineForm={card.inlineForm}
              scorecardForm
              variant="scorecard"
              highlighted={highlighted === card.id}
            />
          ))}
        </div>
      </div>
      <BackToTop />
    </div>
  );
}
