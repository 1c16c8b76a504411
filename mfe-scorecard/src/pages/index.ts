import { lazyPage, type AreaPages } from '@wpc/shared/area';

export const pages: AreaPages = {
  '/scorecard': lazyPage(() => import('./ScorecardLandingPage')),
  '/scorecard/instructions': lazyPage(() => import('./InstructionsPage')),
  '/scorecard/news': lazyPage(() => import('./NewsPage')),
  '/scorecard/news/page/:page': lazyPage(() => import('./NewsArchivePage')),
  '/scorecard/news/:slug': lazyPage(() => import('./PressReleasePage')),
  '/scorecard/participation': lazyPage(() => import('./ParticipationPage')),
  '/scorecard/faq': lazyPage(() => import('./FaqPage')),
  '/scorecard/about': lazyPage(() => import('./ScorecardAboutPage')),
  '/scorecard/subscribe': lazyPage(() => import('./SubscribePage')),
  '/scorecard/contact': lazyPage(() => import('./ScorecardContactPage')),
  '/scorecard/assess': lazyPage(() => import('./AssessPage')),
};
