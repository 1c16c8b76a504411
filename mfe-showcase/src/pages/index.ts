import { lazyPage, type AreaPages } from '@wpc/shared/area';

export const pages: AreaPages = {
  '/showcase/innovations': lazyPage(() => import('./InnovationsPage')),
  '/showcase/presentations': lazyPage(() => import('./PresentationsPage')),
};
