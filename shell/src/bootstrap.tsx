import '@wpc/shared/tokens.css';
import { registerApplication, start } from 'single-spa';
import type { ReactElement } from 'react';
import { renderOrHydrate } from '@wpc/shared/area/hydration';
import { areaForPath, documentTitleFor, REMOTE_AREAS } from '@wpc/shared/routes';
import { areaApplication } from './federation/area-application';
import { showOverrideBanner } from './federation/OverrideBanner';
import { browserStorage } from './federation/overrides';
import { remoteConfig } from './federation/remote-config';
import { loadAreaLifecycles, registerRemoteAreas } from './federation/remotes';
import { Header } from './layout/Header';
import { countNavigations } from './impact-beacon';
import { Footer } from './layout/Footer';
import { MessageCentre } from './layout/MessageCentre';
import { chromeIdPrefix, isShellPath, shellPagesApplication } from './shell-pages';
// Only the remotes run these, but every area page needs them: imported here so the shell's build
// provides them (bundled into main.js, see shared/build/webpack.base.cjs) and the first remote
// does not fetch its own fallback copies.
import '@wpc/shared/area';
import 'single-spa-react';

registerRemoteAreas(remoteConfig())
  // Overrides apply in the developer's own browser only; the banner says so on every page.
  .then(() => showOverrideBanner(browserStorage()))
  .catch((error: unknown) => console.error('The remote configuration could not be loaded', error));

// The edge sends the header, footer and message centre prerendered: they are hydrated in place.
function renderInto(id: string, element: ReactElement) {
  const host = document.getElementById(id);
  if (host) renderOrHydrate(host, element, { identifierPrefix: chromeIdPrefix(id), buildId: __webpack_hash__ });
}
renderInto('site-header', <Header />);
renderInto('site-footer', <Footer />);
renderInto('site-messages', <MessageCentre />);

for (const area of REMOTE_AREAS) {
  registerApplication({
    name: area,
    app: async () => areaApplication(area, loadAreaLifecycles),
    activeWhen: (location) => areaForPath(location.pathname) === area,
  });
}
registerApplication({
  name: 'shell-pages',
  app: async () => shellPagesApplication(),
  activeWhen: (location) => isShellPath(location.pathname),
});

let previousPath = window.location.pathname;
window.addEventListener('single-spa:routing-event', () => {
  const { pathname, hash } = window.location;
  document.title = documentTitleFor(pathname);
  if (pathname !== previousPath && !hash) {
    window.scrollTo(0, 0);
    // A new page without a reload: start keyboard and screen-reader users at its content.
    document.getElementById('main')?.focus({ preventScroll: true });
  }
  previousPath = pathname;
});

countNavigations();
start({ urlRerouteOnly: true });
