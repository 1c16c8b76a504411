import { createElement, type ComponentType, type ReactElement } from 'react';
import ScorecardLandingPage from '../src/pages/ScorecardLandingPage';
import InstructionsPage from '../src/pages/InstructionsPage';
import NewsPage from '../src/pages/NewsPage';
import PressReleasePage from '../src/pages/PressReleasePage';
import ParticipationPage from '../src/pages/ParticipationPage';
import FaqPage from '../src/pages/FaqPage';
import ScorecardAboutPage from '../src/pages/ScorecardAboutPage';
import SubscribePage from '../src/pages/SubscribePage';
import ScorecardContactPage from '../src/pages/ScorecardContactPage';
import { at } from './seed';

export interface ScorecardRoute {
  readonly path: string;
  readonly Page: ComponentType;
  readonly heading: string | RegExp;
}

/**
 * This area's eight pages of spec §2 and the seed press release's own page, imported directly (not
 * through React.lazy) to render on a server.
 */
export const SCORECARD_ROUTES: readonly ScorecardRoute[] = [
  { path: '/scorecard', Page: ScorecardLandingPage, heading: 'Community Inspection' },
  { path: '/scorecard/instructions', Page: InstructionsPage, heading: 'Scorecard Instructions' },
  { path: '/scorecard/news', Page: NewsPage, heading: /^Press Release/ },
  {
    path: '/scorecard/news/community-wildfire-resilience-scorecard-launched',
    Page: PressReleasePage,
    heading: 'Press Release: Community Wildfire Resilience Scorecard Launched',
  },
  { path: '/scorecard/participation', Page: ParticipationPage, heading: 'Participate in the Scorecard' },
  { path: '/scorecard/faq', Page: FaqPage, heading: 'Frequently Asked Questions' },
  { path: '/scorecard/about', Page: ScorecardAboutPage, heading: 'About the Scorecard' },
  { path: '/scorecard/subscribe', Page: SubscribePage, heading: 'Subscribe for Updates' },
  { path: '/scorecard/contact', Page: ScorecardContactPage, heading: 'Need Scorecard Support? We can Help!' },
];

/** The route's page as the area renders it: at its path, with its data. */
export const pageElement = ({ path, Page }: ScorecardRoute): ReactElement => at(path, createElement(Page));
