// The Node entry the shell's build prerenders with (shared/build/prerender.cjs): for every route,
// the header (its active item depends on the path), footer and message centre, plus the page on
// the shell's own routes and the 404.
import type { ReactElement } from 'react';
import {
  areaForPath,
  documentTitleFor,
  FORM_PAGES_PREFIX,
  hasSiteChrome,
  ROUTE_PATTERNS,
  ROUTES,
  SITE_NAME,
} from '@wpc/shared/routes';
import { prerenderToString } from '@wpc/shared/area/prerender';
import { NOT_FOUND_PATH } from '@wpc/shared/page-contract';
import { Header } from './layout/Header';
import { Footer } from './layout/Footer';
import { MessageCentre } from './layout/MessageCentre';
import { PrerenderPath } from './location';
import { FormPage, type FormPageProps } from './pages/FormPage';
import { ArchivedUpdatePage, UpdatesArchivePage } from './pages/updates/ArchivePages';
import type { ArchiveAnswer, PublicUpdate } from '@wpc/shared/updates/schemas';
import { chromeIdPrefix, SHELL_OUTLET_ID, ShellPages } from './shell-pages';
import { PAGE_META, SITE_META, SITE_SHORT_NAME } from './content/page-meta';

export { loadedModules } from '@wpc/shared/area/prerender';
// For the edge's form pages (shell/server/form-pages.ts), which cannot load the forms' modules.
export { FORM_ERROR_TEXT, SCORECARD_ZIP_URL } from '@wpc/shared/forms';

/** Read when JavaScript is off: every page is readable, and forms are sent as pages of their own. */
const NOSCRIPT =
  'JavaScript is turned off, so the menus on this site will not open, and each form opens as a page of its own. Every page can still be read, and the links at the foot of each page lead to all of them.';
/** The team console has no footer to fall back on, and every part of it needs scripts. */
const CONSOLE_NOSCRIPT = 'The team console needs JavaScript. Please turn it on and reload this page to sign in.';

/**
 * The document of the form pages (FormPage): the chrome, with the outlet where the edge puts the
 * page it renders for each request (renderFormPage). Not a route: these pages run no scripts.
 */
const FORMS_DOCUMENT_PATH = FORM_PAGES_PREFIX;

/** A document per route, one per route pattern (its pages share it: /scorecard/news/:slug), and the 404. */
export function routePaths(): string[] {
  return [
    ...ROUTES.map((route) => route.path),
    ...ROUTE_PATTERNS.map((route) => route.path),
    NOT_FOUND_PATH,
    FORMS_DOCUMENT_PATH,
  ];
}

/** A form page's content for the forms document's outlet (the edge calls this for each request). */
export function renderFormPage(props: FormPageProps): Promise<string> {
  return prerenderToString(<FormPage {...props} />, chromeIdPrefix(SHELL_OUTLET_ID));
}

/** The updates archive's pages for the same outlet (shell/server/update-pages.ts). */
export function renderUpdatesArchive(archive: ArchiveAnswer): Promise<string> {
  return prerenderToString(<UpdatesArchivePage {...archive} />, chromeIdPrefix(SHELL_OUTLET_ID));
}
export function renderArchivedUpdate(update: PublicUpdate): Promise<string> {
  return prerenderToString(<ArchivedUpdatePage update={update} />, chromeIdPrefix(SHELL_OUTLET_ID));
}
export { ARCHIVE_DESCRIPTION, ARCHIVE_TITLE } from './pages/updates/ArchivePages';

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function renderRoute(path: string) {
  const render = (element: ReactElement, elementId: string) =>
    prerenderToString(<PrerenderPath path={path}>{element}</PrerenderPath>, chromeIdPrefix(elementId));
  const area = areaForPath(path);
  const formsDocument = path === FORMS_DOCUMENT_PATH;
  const ownPage = area === undefined || area === 'shell';
  const meta = ownPage ? PAGE_META[path] : undefined;
  if (ownPage && !meta) throw new Error(`The shell has no metadata for ${path}: add it to src/content/page-meta.ts`);
  return {
    meta,
    siteMeta: SITE_META,
    siteName: SITE_NAME,
    siteShortName: SITE_SHORT_NAME,
    parts: {
      title: escapeText(documentTitleFor(path)),
      noscript: escapeText(hasSiteChrome(path) ? NOSCRIPT : CONSOLE_NOSCRIPT),
      area: area ?? 'shell',
      header: await render(<Header />, 'site-header'),
      footer: await render(<Footer />, 'site-footer'),
      messages: await render(<MessageCentre />, 'site-messages'),
      page: ownPage && !formsDocument ? await render(<ShellPages />, SHELL_OUTLET_ID) : undefined,
    },
  };
}
