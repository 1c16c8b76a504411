import { lazyPage, type AreaPages } from '@wpc/shared/area';

export const pages: AreaPages = {
  '/map': lazyPage(() => import('./MapPage')),
};
