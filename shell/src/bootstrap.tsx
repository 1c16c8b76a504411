import '@wpc/shared/tokens.css';
import { createRoot } from 'react-dom/client';
import { registerApplication, start } from 'single-spa';
import type { ReactElement } from 'react';
import { areaForPath, documentTitleFor, REMOTE_AREAS } from '@wpc/shared/routes';
import { areaApplication } from './federation/area-application';
import { fetchRemoteConfig, loadAreaLifecycles, registerRemoteAreas } from './federation/remotes';
import { Header } from './layout/Header';
import { Footer } from './layout/Footer';
import { MessageCentre } from './layout/MessageCentre';
import { isShellPath, shellPagesApplication } from './shell-pages';

const remotesReady = registerRemoteAreas(fetchRemoteConfig());
remotesReady.catch((error: unknown) => console.error('The remote configuration could not be loaded', error));

function renderInto(id: string, element: ReactElement) {
  const host = document.getElementById(id);
  if (host) createRoot(host).render(element);
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
registerApplication({ name: 'shell-pages', app: async () => shellPagesApplication(), activeWhen: (location) => isShellPath(location.pathname) });

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

start({ urlRerouteOnly: true });
