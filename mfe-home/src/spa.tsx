import { defineArea } from '@wpc/shared/area';
import { pages } from './pages';

// The shell mounts these lifecycles into the home outlet. On a first visit the outlet holds the
// page this remote's build prerendered, and it is hydrated; buildId tells whether it can be.
export const { bootstrap, mount, unmount } = defineArea({
  area: 'home',
  pages,
  label: 'This page',
  buildId: __webpack_hash__,
  publicPath: __webpack_public_path__,
});
