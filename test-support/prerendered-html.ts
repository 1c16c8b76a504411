import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { loadInlineForms } from '@wpc/shared/forms/on-demand';

/**
 * The HTML the build prerenders for a page. The build's prerender waits for every lazy part (the
 * inline forms load on demand in the browser); renderToString does not, so it renders once to
 * start the lazy parts and again once they have loaded.
 */
export async function prerenderedHtml(element: ReactElement): Promise<string> {
  await loadInlineForms();
  renderToString(element);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return renderToString(element);
}
