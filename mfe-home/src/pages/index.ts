import { lazy } from 'react';
import type { AreaPages } from '@wpc/shared/area';

export const pages: AreaPages = {
  '/': lazy(() => import('./HomePage')),
  '/about': lazy(() => import('./AboutPage')),
  '/contact-us': lazy(() => import('./ContactUsPage')),
  '/sponsors': lazy(() => import('./SponsorsPage')),
};
