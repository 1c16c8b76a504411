import { lazy } from 'react';
import type { AreaPages } from '@wpc/shared/area';

export const pages: AreaPages = {
  '/scorecard': lazy(() => import('./ScorecardLandingPage')),
  '/scorecard/instructions': lazy(() => import('./InstructionsPage')),
  '/scorecard/news': lazy(() => import('./NewsPage')),
  '/scorecard/participation': lazy(() => import('./ParticipationPage')),
  '/scorecard/faq': lazy(() => import('./FaqPage')),
  '/scorecard/about': lazy(() => import('./ScorecardAboutPage')),
  '/scorecard/subscribe': lazy(() => import('./SubscribePage')),
  '/scorecard/contact': lazy(() => import('./ScorecardContactPage')),
  '/scorecard/assess': lazy(() => import('./AssessPage')),
};
