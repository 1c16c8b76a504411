import { lazy } from 'react';
import type { AreaPages } from '@wpc/shared/area';

export const pages: AreaPages = {
  '/showcase/innovations': lazy(() => import('./InnovationsPage')),
  '/showcase/presentations': lazy(() => import('./PresentationsPage')),
};
