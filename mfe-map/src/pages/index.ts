import { lazy } from 'react';
import type { AreaPages } from '@wpc/shared/area';

export const pages: AreaPages = {
  '/map': lazy(() => import('./MapPage')),
};
