import { lazyPage, type AreaPages } from '@wpc/shared/area';

export const pages: AreaPages = {
  '/': lazyPage(() => import('./HomePage')),
  '/about': lazyPage(() => import('./AboutPage')),
  '/contact-us': lazyPage(() => import('./ContactUsPage')),
  '/sponsors': lazyPage(() => import('./SponsorsPage')),
};
